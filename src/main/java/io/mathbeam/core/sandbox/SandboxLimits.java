package io.mathbeam.core.sandbox;

import java.io.Serializable;
import java.time.Duration;

/**
 * The hard limits of one execution. A program that reaches one is stopped: its whole process tree
 * is killed (wall time, output), or the kernel stops it (CPU time, memory, processes, file size).
 *
 * @param wallTime wall-clock time from start to exit, enforced by the JVM
 * @param cpuTime CPU time of each process (RLIMIT_CPU)
 * @param memoryBytes address space of each process (RLIMIT_AS)
 * @param maxProcesses processes and threads inside the sandbox (RLIMIT_NPROC, counted per sandbox)
 * @param maxOutputBytes bytes kept of stdout and of stderr each; more ends the run
 * @param maxFileBytes largest file the program may write (RLIMIT_FSIZE)
 * @param tmpBytes size of the private writable {@code /tmp} (a tmpfs)
 */
public record SandboxLimits(
    Duration wallTime,
    Duration cpuTime,
    long memoryBytes,
    int maxProcesses,
    int maxOutputBytes,
    long maxFileBytes,
    long tmpBytes)
    implements Serializable {

  private static final long MIB = 1024L * 1024;

  public SandboxLimits {
    if (wallTime.isNegative() || wallTime.isZero()) {
      throw new IllegalArgumentException("wall time must be positive, got " + wallTime);
    }
    if (cpuTime.toSeconds() < 1) {
      throw new IllegalArgumentException("CPU time must be at least 1 s, got " + cpuTime);
    }
    if (memoryBytes < 64 * MIB) {
      throw new IllegalArgumentException(
          "memory limit must be at least 64 MiB (the interpreter needs it), got " + memoryBytes);
    }
    if (maxProcesses < 1 || maxOutputBytes < 1 || maxFileBytes < 1 || tmpBytes < 1) {
      throw new IllegalArgumentException("sandbox limits must be positive");
    }
  }

  /**
   * 10 s wall and CPU (NeMo-Skills' code-execution timeout), 1 GiB of address space, 64 processes
   * and threads, 1 MiB of each output stream, 16 MiB files in a 64 MiB {@code /tmp}.
   */
  public static SandboxLimits defaults() {
    return new SandboxLimits(
        Duration.ofSeconds(10),
        Duration.ofSeconds(10),
        1024 * MIB,
        64,
        (int) MIB,
        16 * MIB,
        64 * MIB);
  }

  public SandboxLimits withWallTime(Duration wall) {
    return new SandboxLimits(
        wall, cpuTime, memoryBytes, maxProcesses, maxOutputBytes, maxFileBytes, tmpBytes);
  }

  public SandboxLimits withCpuTime(Duration cpu) {
    return new SandboxLimits(
        wallTime, cpu, memoryBytes, maxProcesses, maxOutputBytes, maxFileBytes, tmpBytes);
  }

  public SandboxLimits withMemoryBytes(long bytes) {
    return new SandboxLimits(
        wallTime, cpuTime, bytes, maxProcesses, maxOutputBytes, maxFileBytes, tmpBytes);
  }

  public SandboxLimits withMaxOutputBytes(int bytes) {
    return new SandboxLimits(
        wallTime, cpuTime, memoryBytes, maxProcesses, bytes, maxFileBytes, tmpBytes);
  }

  public SandboxLimits withMaxProcesses(int processes) {
    return new SandboxLimits(
        wallTime, cpuTime, memoryBytes, processes, maxOutputBytes, maxFileBytes, tmpBytes);
  }
}
