package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Opens rendered pages in headless Chromium through bin/check-report. Without {@code chromium} the
 * test first lets bin/check-report install it (it runs apt-get as root); where that is not possible
 * (no root, no package mirror) the test is skipped with the reason, since a machine without a
 * browser cannot run this check at all.
 */
public class ChromiumRenderTest {
  @ClassRule public static TemporaryFolder installTmp = new TemporaryFolder();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static Path script;

  @BeforeClass
  public static void requireChromium() throws Exception {
    script = findScript();
    if (!onPath("chromium")) {
      Path page = installTmp.getRoot().toPath().resolve("install.html");
      Files.writeString(page, "<!doctype html><title>x</title><p>x</p>");
      Process p =
          new ProcessBuilder("bash", script.toString(), page.toString())
              .redirectErrorStream(true)
              .redirectOutput(installTmp.getRoot().toPath().resolve("install.log").toFile())
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

  @Test
  public void renderedReportPassesTheBrowserCheck() throws Exception {
    Path page = tmp.getRoot().toPath().resolve("report.html");
    HtmlReport.write(SyntheticReports.realistic(30, 60, 16), page);
    Result r = checkReport(page);
    assertEquals(r.output, 0, r.exitCode);
    assertTrue(r.output, r.output.contains("9 <svg> element(s), expected 9"));
    assertTrue(r.output, r.output.contains("ScreenshotCheck: not blank"));
    assertTrue(r.output, r.output.contains("check-report: OK"));
  }

  @Test
  public void scriptErrorFailsTheBrowserCheck() throws Exception {
    String page = HtmlReport.render(SyntheticReports.realistic(5, 5, 4));
    String broken =
        page.replace(
            "document.body.setAttribute('data-report-ready', 'true');",
            "throw new Error('deliberate failure');");
    assertTrue(!broken.equals(page));
    Path file = tmp.getRoot().toPath().resolve("broken.html");
    Files.writeString(file, broken, StandardCharsets.UTF_8);
    Result r = checkReport(file);
    assertEquals(r.output, 1, r.exitCode);
    assertTrue(r.output, r.output.contains("Uncaught Error: deliberate failure"));
    assertTrue(r.output, r.output.contains("did not finish"));
  }

  private record Result(int exitCode, String output) {}

  private Result checkReport(Path page) throws IOException, InterruptedException {
    Path out = tmp.newFolder().toPath();
    Path log = tmp.getRoot().toPath().resolve("check-report-" + out.getFileName() + ".log");
    Process p =
        new ProcessBuilder("bash", script.toString(), page.toString(), out.toString())
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

  private static Path findScript() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("bin").resolve("check-report");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new AssertionError("bin/check-report not found above " + Paths.get("").toAbsolutePath());
  }
}
