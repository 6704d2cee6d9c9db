package io.mathbeam.pipelines;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.PipelineResult;

/**
 * Reports progress while the pipeline runs: a line redrawn in place every second on a terminal,
 * otherwise a plain log line every 15 seconds. Figures come from the job's Beam metrics, so they
 * are what the workers have reported, not estimates.
 */
final class ProgressReporter implements AutoCloseable {
  private final PipelineResult result;
  private final long totalSamples;
  private final PrintStream out;
  private final boolean terminal;
  private final long startNanos = System.nanoTime();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "mathbeam-progress");
            t.setDaemon(true);
            return t;
          });
  private long lastTokens;
  private long lastNanos = startNanos;

  /**
   * @param totalSamples samples the run will produce, or -1 when not known up front
   */
  ProgressReporter(PipelineResult result, long totalSamples, PrintStream out, boolean terminal) {
    this.result = result;
    this.totalSamples = totalSamples;
    this.out = out;
    this.terminal = terminal;
    long period = terminal ? 1 : 15;
    timer.scheduleAtFixedRate(this::report, period, period, TimeUnit.SECONDS);
  }

  private void report() {
    try {
      String line = line(RunCounters.of(result));
      if (terminal) {
        out.print("\r" + line + "   ");
      } else {
        out.println(line);
      }
      out.flush();
    } catch (RuntimeException e) {
      // metrics can be briefly unavailable while the runner starts; the next tick retries
    }
  }

  String line(RunCounters c) {
    long now = System.nanoTime();
    long done = c.counter("samples_generated") + c.counter("samples_reused_from_cache");
    long tokens = c.counter("completion_tokens");
    double seconds = (now - lastNanos) / 1e9;
    double tokensPerSecond = seconds > 0 ? (tokens - lastTokens) / seconds : 0;
    lastTokens = tokens;
    lastNanos = now;
    StringBuilder s = new StringBuilder("[mathbeam] ");
    if (totalSamples > 0) {
      s.append(
          String.format(
              Locale.ROOT,
              "%d/%d samples (%.1f%%)",
              done,
              totalSamples,
              100.0 * done / totalSamples));
    } else {
      s.append(done).append(" samples");
    }
    s.append(String.format(Locale.ROOT, " | %.0f tok/s", tokensPerSecond));
    s.append(" | errors ").append(c.counter("request_failures"));
    s.append(" | retries ").append(c.counter("retries"));
    if (totalSamples > 0 && done > 0 && done < totalSamples) {
      double elapsed = (now - startNanos) / 1e9;
      long eta = (long) (elapsed * (totalSamples - done) / done);
      Duration d = Duration.ofSeconds(eta);
      s.append(String.format(Locale.ROOT, " | ETA %d:%02d", d.toMinutes(), d.toSecondsPart()));
    }
    return s.toString();
  }

  @Override
  public void close() {
    timer.shutdownNow();
    if (terminal) {
      out.println();
    }
  }
}
