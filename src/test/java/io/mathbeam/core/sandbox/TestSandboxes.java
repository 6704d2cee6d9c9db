package io.mathbeam.core.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Opens sandboxes for tests. When bubblewrap is missing it first runs bin/setup-sandbox (which
 * installs it as root, like the project's other set-up); a sandbox that still cannot start fails
 * the test: the hostile-code tests must never quietly pass without isolation.
 */
public final class TestSandboxes {
  private static volatile boolean setUp;

  private TestSandboxes() {}

  public static Sandbox open(SandboxConfig config) {
    ensureInstalled();
    return Sandbox.open(config);
  }

  /** Short limits, so that the tests of limits take seconds. */
  public static SandboxConfig quick(int parallelism) {
    return SandboxConfig.defaults()
        .withParallelism(parallelism)
        .withLimits(
            SandboxLimits.defaults()
                .withWallTime(java.time.Duration.ofSeconds(5))
                .withCpuTime(java.time.Duration.ofSeconds(3))
                .withMemoryBytes(256L << 20)
                .withMaxOutputBytes(64 * 1024));
  }

  /** Runs bin/setup-sandbox once per JVM; fails when the sandbox cannot be made ready. */
  public static synchronized void ensureInstalled() {
    if (setUp) {
      return;
    }
    Path script = projectRoot().resolve("bin/setup-sandbox");
    try {
      Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true).start();
      String log = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new AssertionError(
            "bin/setup-sandbox could not make the code sandbox ready:\n" + log);
      }
    } catch (java.io.IOException e) {
      throw new AssertionError("cannot run " + script + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    setUp = true;
  }

  public static Path projectRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("bin/setup-sandbox"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new AssertionError(
          "cannot find the project root (bin/setup-sandbox) from " + Path.of(""));
    }
    return dir;
  }
}
