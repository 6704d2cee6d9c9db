package io.mathbeam.core.sandbox;

import io.mathbeam.core.model.ExecutionStatus;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One execution: starts the command, feeds it the program and its stdin, captures its output within
 * the limits, kills the whole process tree on a wall-clock or output limit, and classifies how it
 * ended.
 */
final class ProcessRun {
  /** The launcher writes this to stderr just before the program starts. */
  static final String STARTED = "\0mathbeam-sandbox-started\n";

  private static final int MAX_SIGNAL = 64;
  private static final int SIGXCPU = 24;

  private final List<String> argv;
  private final SandboxLimits limits;
  private final Path workDir;
  private final ExecutorService io;

  ProcessRun(List<String> argv, SandboxLimits limits, Path workDir, ExecutorService io) {
    this.argv = argv;
    this.limits = limits;
    this.workDir = workDir;
    this.io = io;
  }

  Execution run(byte[] sourceAndStdin) {
    long start = System.nanoTime();
    ProcessBuilder pb = new ProcessBuilder(argv);
    if (workDir != null) {
      pb.directory(workDir.toFile());
      pb.environment().clear();
      pb.environment().put("PATH", "/usr/bin:/bin");
      pb.environment().put("HOME", workDir.toString());
      pb.environment().put("LANG", "C.UTF-8");
    }
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      return Execution.sandboxError("cannot start " + argv.get(0) + ": " + e.getMessage(), 0);
    }
    Runnable kill = () -> killTree(process);
    BoundedCapture out =
        new BoundedCapture(process.getInputStream(), limits.maxOutputBytes(), kill);
    BoundedCapture err =
        new BoundedCapture(
            process.getErrorStream(), limits.maxOutputBytes() + STARTED.length(), kill);
    Future<?> writing = io.submit(() -> feed(process.getOutputStream(), sourceAndStdin));
    Future<?> reading = io.submit(out);
    Future<?> readingErr = io.submit(err);
    boolean timedOut = false;
    try {
      if (!process.waitFor(limits.wallTime().toMillis(), TimeUnit.MILLISECONDS)) {
        timedOut = true;
        killTree(process);
        process.waitFor();
      }
    } catch (InterruptedException e) {
      killTree(process);
      Thread.currentThread().interrupt();
      return Execution.sandboxError("interrupted", millisSince(start));
    }
    long wallMillis = millisSince(start);
    // Inside the PID namespace everything dies with the program; without isolation a daemon may
    // still hold the pipes: give the readers a moment, then kill what is left.
    if (!finished(reading, readingErr)) {
      killTree(process);
      finished(reading, readingErr);
    }
    writing.cancel(true);
    return classify(process.exitValue(), timedOut, out, err, wallMillis);
  }

  private Execution classify(
      int exit, boolean timedOut, BoundedCapture out, BoundedCapture err, long wallMillis) {
    String stderr = err.text();
    int marker = stderr.indexOf(STARTED);
    boolean started = marker >= 0;
    String programErr = started ? stderr.substring(marker + STARTED.length()) : "";
    String stdout = out.text();
    if (out.overflowed() || err.overflowed()) {
      String stream = out.overflowed() ? "stdout" : "stderr";
      return new Execution(
          ExecutionStatus.OUTPUT_LIMIT,
          -1,
          stdout,
          programErr,
          wallMillis,
          stream + " passed " + limits.maxOutputBytes() + " bytes");
    }
    if (timedOut) {
      return new Execution(
          ExecutionStatus.TIMEOUT,
          -1,
          stdout,
          programErr,
          wallMillis,
          "wall time " + limits.wallTime().toMillis() + " ms exceeded");
    }
    if (!started) {
      return new Execution(
          ExecutionStatus.SANDBOX_ERROR,
          exit,
          stdout,
          "",
          wallMillis,
          "the sandbox did not start the program (exit " + exit + "): " + stderr.strip());
    }
    if (exit == 0) {
      return new Execution(ExecutionStatus.OK, 0, stdout, programErr, wallMillis, "");
    }
    if (exit == 128 + SIGXCPU) {
      return new Execution(
          ExecutionStatus.TIMEOUT,
          exit,
          stdout,
          programErr,
          wallMillis,
          "CPU time " + limits.cpuTime().toSeconds() + " s exceeded");
    }
    if (lastLine(programErr).startsWith("MemoryError")) {
      return new Execution(
          ExecutionStatus.MEMORY,
          exit,
          stdout,
          programErr,
          wallMillis,
          "memory limit " + (limits.memoryBytes() >> 20) + " MiB");
    }
    if (exit > 128 && exit <= 128 + MAX_SIGNAL) {
      // The memory limit is RLIMIT_AS: an allocation past it fails (MemoryError above), it does
      // not draw the kernel's SIGKILL. A signal here is the program's own doing.
      return new Execution(
          ExecutionStatus.KILLED,
          exit,
          stdout,
          programErr,
          wallMillis,
          "killed by " + SignalNames.of(exit - 128));
    }
    return new Execution(ExecutionStatus.ERROR, exit, stdout, programErr, wallMillis, "");
  }

  private static String lastLine(String text) {
    String t = text.strip();
    int nl = t.lastIndexOf('\n');
    return nl < 0 ? t : t.substring(nl + 1);
  }

  private static void feed(OutputStream stdin, byte[] bytes) {
    try (stdin) {
      stdin.write(bytes);
    } catch (IOException e) {
      // The program exited (or was killed) before reading all its input.
    }
  }

  private static boolean finished(Future<?> a, Future<?> b) {
    try {
      a.get(2, TimeUnit.SECONDS);
      b.get(2, TimeUnit.SECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      return true;
    }
  }

  static void killTree(Process process) {
    List<ProcessHandle> descendants = process.descendants().toList();
    process.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  static byte[] input(byte[] src, String stdin) {
    byte[] in = stdin == null ? new byte[0] : stdin.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[src.length + in.length];
    System.arraycopy(src, 0, all, 0, src.length);
    System.arraycopy(in, 0, all, src.length, in.length);
    return all;
  }
}
