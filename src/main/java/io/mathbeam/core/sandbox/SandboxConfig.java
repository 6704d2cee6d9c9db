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
    Path python,
    Path bwrap,
    int parallelism,
    SandboxLimits limits,
    boolean unsafeNoIsolation,
    int sandboxUid)
    implements Serializable {

  /** Debian's {@code nobody}. */
  public static final int NOBODY = 65534;

  public SandboxConfig {
    if (parallelism < 1) {
      throw new IllegalArgumentException("sandbox parallelism must be >= 1, got " + parallelism);
    }
    if (python == null) {
      python = Path.of("/usr/bin/python3");
    }
    if (limits == null) {
      limits = SandboxLimits.defaults();
    }
  }

  /** Isolated, {@code /usr/bin/python3}, one execution per core, default limits. */
  public static SandboxConfig defaults() {
    return new SandboxConfig(
        Path.of("/usr/bin/python3"),
        null,
        Runtime.getRuntime().availableProcessors(),
        SandboxLimits.defaults(),
        false,
        NOBODY);
  }

  public SandboxConfig withParallelism(int n) {
    return new SandboxConfig(python, bwrap, n, limits, unsafeNoIsolation, sandboxUid);
  }

  public SandboxConfig withLimits(SandboxLimits l) {
    return new SandboxConfig(python, bwrap, parallelism, l, unsafeNoIsolation, sandboxUid);
  }

  public SandboxConfig withPython(Path p) {
    return new SandboxConfig(p, bwrap, parallelism, limits, unsafeNoIsolation, sandboxUid);
  }

  public SandboxConfig withBwrap(Path b) {
    return new SandboxConfig(python, b, parallelism, limits, unsafeNoIsolation, sandboxUid);
  }

  /** Without namespaces: only for machines where the code is trusted or already contained. */
  public SandboxConfig withUnsafeNoIsolation(boolean unsafe) {
    return new SandboxConfig(python, bwrap, parallelism, limits, unsafe, sandboxUid);
  }
}
