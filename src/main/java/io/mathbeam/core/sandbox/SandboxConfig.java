package io.mathbeam.core.sandbox;

import java.io.Serializable;
import java.nio.file.Path;

/**
 * How to run model-written code.
 *
 * @param python the Python 3 interpreter; inside the isolation it must live under {@code /usr} (the
 *     only part of the file system the sandbox sees)
 * @param bwrap the bubblewrap executable, or null to look it up on the PATH
 * @param parallelism executions that run at once
 * @param limits the limits of each execution
 * @param unsafeNoIsolation run the interpreter directly, with rlimits but without namespaces: the
 *     program can read the user's files and reach the network
 * @param sandboxUid when the JVM runs as root, the unprivileged user bubblewrap runs as (root is
 *     exempt from the process limit)
 */
public record SandboxConfig(
    String pythonExecutable,
    String bwrapExecutable,
    int parallelism,
    SandboxLimits limits,
    boolean unsafeNoIsolation,
    int sandboxUid)
    implements Serializable {

  public static final String DEFAULT_PYTHON = "/usr/bin/python3";

  /** Debian's {@code nobody}. */
  public static final int NOBODY = 65534;

  public SandboxConfig {
    if (parallelism < 1) {
      throw new IllegalArgumentException("sandbox parallelism must be >= 1, got " + parallelism);
    }
    if (pythonExecutable == null) {
      pythonExecutable = DEFAULT_PYTHON;
    }
    if (limits == null) {
      limits = SandboxLimits.defaults();
    }
  }

  /** Isolated, {@code /usr/bin/python3}, one execution per core, default limits. */
  public static SandboxConfig defaults() {
    return new SandboxConfig(
        DEFAULT_PYTHON,
        null,
        Runtime.getRuntime().availableProcessors(),
        SandboxLimits.defaults(),
        false,
        NOBODY);
  }

  public Path python() {
    return Path.of(pythonExecutable);
  }

  /** The configured bubblewrap, or null to look it up on the PATH. */
  public Path bwrap() {
    return bwrapExecutable == null ? null : Path.of(bwrapExecutable);
  }

  public SandboxConfig withParallelism(int n) {
    return new SandboxConfig(
        pythonExecutable, bwrapExecutable, n, limits, unsafeNoIsolation, sandboxUid);
  }

  public SandboxConfig withLimits(SandboxLimits l) {
    return new SandboxConfig(
        pythonExecutable, bwrapExecutable, parallelism, l, unsafeNoIsolation, sandboxUid);
  }

  public SandboxConfig withPython(Path p) {
    return new SandboxConfig(
        p.toString(), bwrapExecutable, parallelism, limits, unsafeNoIsolation, sandboxUid);
  }

  public SandboxConfig withBwrap(Path b) {
    return new SandboxConfig(
        pythonExecutable, b.toString(), parallelism, limits, unsafeNoIsolation, sandboxUid);
  }

  /** Without namespaces: only for machines where the code is trusted or already contained. */
  public SandboxConfig withUnsafeNoIsolation(boolean unsafe) {
    return new SandboxConfig(
        pythonExecutable, bwrapExecutable, parallelism, limits, unsafe, sandboxUid);
  }
}
