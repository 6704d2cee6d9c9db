package io.mathbeam.pipelines.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * One runner's measured child JVM: its exit status, wall time, peak resident memory and CPU time.
 *
 * @param peakRssKb the last {@code VmHWM} (the kernel's high-water mark of resident memory) read
 *     from {@code /proc/<pid>/status} before the process exited; -1 where there is no /proc
 * @param cpuSeconds user plus system time, the last value read from {@code /proc/<pid>/stat}; -1
 *     where there is no /proc
 * @param log the file holding the child's stdout and stderr
 */
record RegradeBenchmarkChild(
    String runner,
    int exitCode,
    Duration wall,
    long peakRssKb,
    double cpuSeconds,
    Path log,
    Path output) {

  /** The measures a runner is compared with the floor on. */
  static final ToDoubleFunction<RegradeBenchmarkChild> WALL_SECONDS =
      c -> c.wall().toMillis() / 1000.0;

  static final ToDoubleFunction<RegradeBenchmarkChild> CPU_SECONDS =
      RegradeBenchmarkChild::cpuSeconds;

  static final ToDoubleFunction<RegradeBenchmarkChild> PEAK_RSS_KB =
      RegradeBenchmarkChild::peakRssKb;

  /** Clock ticks per second of /proc's CPU times: 100 on every Linux build the JDK runs on. */
  private static final double CLOCK_TICKS_PER_SECOND = 100.0;

  private static final long POLL_MILLIS = 100;

  /**
   * Starts {@code command} with its output to {@code log}, polls its memory and CPU time every
   * {@value #POLL_MILLIS} ms and waits for it, at most {@code timeout}: a child still running then
   * is killed (a JVM out of memory can linger on its non-daemon threads) and the log says so.
   */
  static RegradeBenchmarkChild measure(
      String runner, List<String> command, Path log, Path output, Duration timeout)
      throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    long start = System.nanoTime();
    Process process = builder.start();
    Path proc = Path.of("/proc", Long.toString(process.pid()));
    long peakKb = -1;
    double cpu = -1;
    try {
      while (!process.waitFor(POLL_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS)) {
        if (System.nanoTime() - start > timeout.toNanos()) {
          process.destroyForcibly().waitFor();
          Files.writeString(
              log,
              String.format(
                  "%nkilled by the benchmark after %d s (--childTimeoutSeconds)%n",
                  timeout.toSeconds()),
              StandardCharsets.UTF_8,
              java.nio.file.StandardOpenOption.APPEND);
          break;
        }
        long hwm = readHighWaterMarkKb(proc.resolve("status"));
        if (hwm >= 0) {
          peakKb = hwm;
        }
        double seconds = readCpuSeconds(proc.resolve("stat"));
        if (seconds >= 0) {
          cpu = seconds;
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      throw e;
    }
    Duration wall = Duration.ofNanos(System.nanoTime() - start);
    return new RegradeBenchmarkChild(runner, process.exitValue(), wall, peakKb, cpu, log, output);
  }

  /**
   * This child's {@code measure} over the floor's in the same round; empty when either side failed
   * or has no such figure (-1 where /proc was unreadable).
   */
  OptionalDouble ratioTo(
      RegradeBenchmarkChild floor, ToDoubleFunction<RegradeBenchmarkChild> measure) {
    if (floor == null || floor.exitCode() != 0 || exitCode != 0) {
      return OptionalDouble.empty();
    }
    double reference = measure.applyAsDouble(floor);
    double value = measure.applyAsDouble(this);
    return reference > 0 && value > 0
        ? OptionalDouble.of(value / reference)
        : OptionalDouble.empty();
  }

  /** The last {@code lines} lines of the child's log, for a failure report. */
  String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e.getMessage() + ")";
    }
  }

  /** {@code VmHWM} in kB, or -1 when the file is gone (the process exited) or has no such line. */
  static long readHighWaterMarkKb(Path status) {
    try {
      for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process exited between polls, or there is no /proc: keep the last value read
    }
    return -1;
  }

  /** utime + stime of {@code /proc/<pid>/stat} in seconds, or -1 when unreadable. */
  static double readCpuSeconds(Path stat) {
    try {
      String line = Files.readString(stat, StandardCharsets.US_ASCII);
      // the command name in parentheses may hold spaces; the fields after it are fixed
      String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      return ticks / CLOCK_TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
