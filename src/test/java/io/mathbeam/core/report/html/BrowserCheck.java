package io.mathbeam.core.report.html;

import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.Assume;

/**
 * Opens a page in headless Chromium through bin/check-report (screenshot not blank, no script
 * error, the declared number of charts, the page's script finished). Without {@code chromium} it
 * first lets bin/check-report install it (apt-get as root); where that is not possible the calling
 * test is skipped with the reason, since a machine without a browser cannot run the check at all.
 */
public final class BrowserCheck {
  /** What bin/check-report said. */
  public record Result(int exitCode, String output) {}

  private BrowserCheck() {}

  /** Skips the calling test unless Chromium is (or can be made) available. */
  public static void requireChromium(Path scratch) throws IOException, InterruptedException {
    if (!onPath("chromium")) {
      Path page = scratch.resolve("install.html");
      Files.writeString(page, "<!doctype html><title>x</title><p>x</p>");
      Process p =
          new ProcessBuilder("bash", script().toString(), page.toString())
              .redirectErrorStream(true)
              .redirectOutput(scratch.resolve("install.log").toFile())
              .start();
      if (!p.waitFor(600, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    Assume.assumeTrue(
        "chromium is not installed and bin/check-report could not install it (it needs root and"
            + " a Debian package mirror): the browser check did not run",
        onPath("chromium"));
  }

  /** Runs bin/check-report on {@code page}, its screenshot and logs in {@code out}. */
  public static Result check(Path page, Path out) throws IOException, InterruptedException {
    Files.createDirectories(out);
    Path log = out.resolve("check-report.log");
    Process p =
        new ProcessBuilder("bash", script().toString(), page.toString(), out.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!p.waitFor(240, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("bin/check-report took more than 240 s: " + Files.readString(log));
    }
    return new Result(p.exitValue(), Files.readString(log));
  }

  private static boolean onPath(String command) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Paths.get(dir, command))) {
        return true;
      }
    }
    return false;
  }

  private static Path script() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("bin").resolve("check-report");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new AssertionError("bin/check-report not found above " + Paths.get("").toAbsolutePath());
  }
}
