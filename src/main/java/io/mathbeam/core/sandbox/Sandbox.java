package io.mathbeam.core.sandbox;

import io.mathbeam.core.concurrent.DaemonThreads;
import io.mathbeam.core.model.ExecutionStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Runs untrusted, model-written Python 3 programs, at most {@link SandboxConfig#parallelism()} at a
 * time, each in its own bubblewrap sandbox with the hard limits of {@link SandboxLimits}.
 *
 * <p>{@link #open} fails with {@link SandboxUnavailableException} when the isolation cannot start
 * here (no bubblewrap, user namespaces refused, no interpreter): a run checks this before it sends
 * a single request. Each execution then ends as an {@link Execution}; a failure of the sandbox
 * itself is {@link ExecutionStatus#SANDBOX_ERROR}, never blamed on the program.
 */
public final class Sandbox implements AutoCloseable {
  private static final String LAUNCHER = resource("launcher.py");
  private static final int PROBES = 5;

  /** Prints the marshalled code object of the source on stdin, in base64. */
  private static final String COMPILER =
      "import base64, marshal, sys\n"
          + "code = compile(sys.stdin.buffer.read().decode('utf-8'), 'main.py', 'exec')\n"
          + "sys.stdout.write(base64.b64encode(marshal.dumps(code)).decode('ascii'))\n";

  private final SandboxConfig config;
  private final Path bwrap;
  private final boolean jvmIsRoot;
  private final Semaphore slots;
  private final ExecutorService io;
  private final Map<String, byte[]> compiled = new ConcurrentHashMap<>();
  private String pythonVersion = "";
  private long startMillis;

  private Sandbox(SandboxConfig config, Path bwrap, boolean jvmIsRoot) {
    this.config = config;
    this.bwrap = bwrap;
    this.jvmIsRoot = jvmIsRoot;
    this.slots = new Semaphore(config.parallelism(), true);
    this.io = Executors.newCachedThreadPool(DaemonThreads.numbered("mathbeam-sandbox-io"));
  }

  /**
   * A sandbox that has been seen to work: a probe program ran in it and printed what it should. The
   * probes also measure the start cost of one execution ({@link #startMillis()}).
   */
  public static Sandbox open(SandboxConfig config) {
    if (!Files.isExecutable(config.python())) {
      throw new SandboxUnavailableException(
          "the code sandbox needs a Python 3 interpreter at "
              + config.python()
              + " (install Debian's python3, or name another with --sandboxPython)");
    }
    boolean root = realUidIsRoot();
    Path bwrap = null;
    if (!config.unsafeNoIsolation()) {
      bwrap = config.bwrap() != null ? config.bwrap() : onPath("bwrap");
      if (bwrap == null || !Files.isExecutable(bwrap)) {
        throw new SandboxUnavailableException(
            "the code sandbox needs bubblewrap (bwrap), which is not installed: run"
                + " bin/setup-sandbox (apt-get install bubblewrap), or pass"
                + " --unsafeRunCodeWithoutSandbox to run model-written code without isolation");
      }
      if (root && onPath("setpriv") == null) {
        throw new SandboxUnavailableException(
            "running as root, the code sandbox needs setpriv (util-linux) to drop to an"
                + " unprivileged user before bubblewrap starts");
      }
    }
    Sandbox sandbox = new Sandbox(config, bwrap, root);
    try {
      sandbox.probe();
    } catch (SandboxUnavailableException e) {
      sandbox.close();
      throw e;
    }
    return sandbox;
  }

  private void probe() {
    long[] millis = new long[PROBES];
    for (int i = 0; i < PROBES; i++) {
      Execution e = run("import sys\nprint(sys.version.split()[0], 6 * 7)\n", "");
      if (!e.ok() || !e.stdout().strip().endsWith(" 42")) {
        throw new SandboxUnavailableException(
            "the code sandbox cannot run a program here ("
                + e.status().wireName()
                + ": "
                + (e.detail().isEmpty() ? e.stderr().strip() : e.detail())
                + "). Bubblewrap needs unprivileged user namespaces (sysctl"
                + " kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0; in a"
                + " container, a seccomp/AppArmor profile that allows them): see deploy/README.md."
                + " --unsafeRunCodeWithoutSandbox runs model-written code without isolation.");
      }
      pythonVersion = e.stdout().strip().split(" ")[0];
      millis[i] = e.wallMillis();
    }
    Arrays.sort(millis);
    startMillis = millis[PROBES / 2];
  }

  /** Runs a program with this sandbox's limits; blocks while all slots are busy. */
  public Execution run(String source, String stdin) {
    return run(source, stdin, config.limits());
  }

  /** Runs a program with its own limits; blocks while all slots are busy. */
  public Execution run(String source, String stdin, SandboxLimits limits) {
    return inSlot(() -> runNow(source.getBytes(StandardCharsets.UTF_8), false, stdin, limits));
  }

  /** Runs {@code execution} once a slot is free; blocks while all slots are busy. */
  private Execution inSlot(Supplier<Execution> execution) {
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Execution.sandboxError("interrupted before it started", 0);
    }
    try {
      return execution.get();
    } finally {
      slots.release();
    }
  }

  /** Runs a program on a pool thread. */
  public CompletableFuture<Execution> submit(String source, String stdin) {
    return CompletableFuture.supplyAsync(() -> run(source, stdin), io);
  }

  /**
   * Runs one of mathbeam's own programs (a test harness, never model-written code) from bytecode
   * compiled once per sandbox by its interpreter, so that an execution does not compile the
   * harness's source again (about 1.7 ms of a HumanEval execution's 15-20).
   */
  public Execution runCompiled(String trustedSource, String stdin, SandboxLimits limits) {
    byte[] bytecode = compiled.computeIfAbsent(trustedSource, this::compile);
    if (bytecode.length == 0) {
      return run(trustedSource, stdin, limits);
    }
    return inSlot(() -> runNow(bytecode, true, stdin, limits));
  }

  /** The source's code object, marshalled by the sandbox's interpreter; empty when it failed. */
  private byte[] compile(String source) {
    Execution e = run(COMPILER, source);
    if (!e.ok()) {
      return new byte[0];
    }
    try {
      return Base64.getDecoder().decode(e.stdout().strip());
    } catch (IllegalArgumentException notBase64) {
      return new byte[0];
    }
  }

  private Execution runNow(byte[] program, boolean bytecode, String stdin, SandboxLimits limits) {
    SandboxConfig withLimits = config.withLimits(limits);
    List<String> argv =
        IsolationCommand.argv(withLimits, bwrap, jvmIsRoot, LAUNCHER, program.length, bytecode);
    Path workDir = null;
    try {
      if (config.unsafeNoIsolation()) {
        workDir = Files.createTempDirectory("mathbeam-unsafe-run-");
      }
      return new ProcessRun(argv, limits, workDir, io).run(ProcessRun.input(program, stdin));
    } catch (IOException e) {
      return Execution.sandboxError("cannot make a work directory: " + e, 0);
    } finally {
      if (workDir != null) {
        deleteTree(workDir);
      }
    }
  }

  /** Median wall time of an execution that does nothing, sandbox and interpreter start included. */
  public long startMillis() {
    return startMillis;
  }

  public boolean isolated() {
    return !config.unsafeNoIsolation();
  }

  public SandboxConfig config() {
    return config;
  }

  /** One line for logs and run manifests. */
  public String describe() {
    return (isolated() ? "bubblewrap " + bwrap : "UNSAFE: no isolation")
        + ", Python "
        + pythonVersion
        + " at "
        + config.python()
        + ", "
        + config.parallelism()
        + " at a time, start "
        + startMillis
        + " ms";
  }

  @Override
  public void close() {
    io.shutdownNow();
  }

  private static Path onPath(String name) {
    String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
    for (String dir : (path + ":/usr/bin:/usr/sbin:/bin").split(":")) {
      if (dir.isEmpty()) {
        continue;
      }
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  private static boolean realUidIsRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.split("\\s+")[1].equals("0");
        }
      }
    } catch (IOException e) {
      // Not Linux: bubblewrap does not exist there either, and open() says so.
    }
    return false;
  }

  private static void deleteTree(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // A program without isolation may leave unreadable files; the OS cleans the temp dir.
    }
  }

  private static String resource(String name) {
    try (InputStream in = Sandbox.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
