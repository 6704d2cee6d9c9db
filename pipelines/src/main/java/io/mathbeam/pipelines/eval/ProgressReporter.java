package io.mathbeam.pipelines.eval;

import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.concurrent.DaemonThreads;
import io.mathbeam.transforms.LiveProgress;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.beam.sdk.PipelineResult;

/**
 * Reports progress while the pipeline runs: a line redrawn in place every second on a terminal,
 * otherwise a plain log line every 15 seconds. When generation runs in this JVM the figures come
 * from its {@link LiveProgress} (the DirectRunner publishes Beam metrics only at bundle ends), with
 * the sequences in flight per replica; otherwise from the job's Beam metrics as the workers report
 * them.
 */
final class ProgressReporter implements AutoCloseable {
  /** The running job; null until {@code run()} returns, which on Flink is when it is done. */
  private final Supplier<PipelineResult> result;

  private final LiveProgress live;
  private final List<String> endpoints;
  private final int cap;
  private final long totalSamples;
  private final PrintStream out;
  private final boolean terminal;
  private final long startNanos = System.nanoTime();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mathbeam-progress"));
  private long lastTokens;
  private long lastNanos = startNanos;

  /**
   * @param totalSamples samples the run will produce, or -1 when not known up front
   * @param periodSeconds seconds between lines; 0 for 1 on a terminal and 15 otherwise
   */
  ProgressReporter(
      Supplier<PipelineResult> result,
      LiveProgress live,
      ClientConfig client,
      long totalSamples,
      PrintStream out,
      boolean terminal,
      int periodSeconds) {
    this.result = result;
    this.live = live;
    this.endpoints = client.endpoints();
    this.cap = client.maxInFlightPerReplica();
    this.totalSamples = totalSamples;
    this.out = out;
    this.terminal = terminal;
    long period = periodSeconds > 0 ? periodSeconds : terminal ? 1 : 15;
    timer.scheduleAtFixedRate(this::report, period, period, TimeUnit.SECONDS);
  }

  private void report() {
    try {
      PipelineResult job = result.get();
      if (!live.active() && job == null) {
        return;
      }
      String line = live.active() ? line(live) : line(RunCounters.of(job));
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

  /** The line from this JVM's live figures, with sequences in flight per replica. */
  String line(LiveProgress p) {
    long reused = 0;
    try {
      PipelineResult job = result.get();
      reused = job == null ? 0 : RunCounters.of(job).counter("samples_reused_from_cache");
    } catch (RuntimeException e) {
      // not published yet
    }
    StringBuilder s = line(p.generated() + reused, p.completionTokens(), p.failed(), p.retries());
    Map<String, Integer> inFlight = p.inFlightByReplica();
    if (!inFlight.isEmpty()) {
      s.append(" | in flight ");
      for (int i = 0; i < endpoints.size(); i++) {
        s.append(i == 0 ? "" : "/").append(inFlight.getOrDefault(endpoints.get(i), 0));
      }
      s.append(" (cap ").append(cap).append(')');
    }
    return s.toString();
  }

  String line(RunCounters c) {
    return line(
            c.counter("samples_generated") + c.counter("samples_reused_from_cache"),
            c.counter("completion_tokens"),
            c.counter("request_failures"),
            c.counter("retries"))
        .toString();
  }

  private StringBuilder line(long done, long tokens, long errors, long retries) {
    long now = System.nanoTime();
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
    s.append(" | errors ").append(errors);
    s.append(" | retries ").append(retries);
    if (totalSamples > 0 && done > 0 && done < totalSamples) {
      double elapsed = (now - startNanos) / 1e9;
      long eta = (long) (elapsed * (totalSamples - done) / done);
      Duration d = Duration.ofSeconds(eta);
      s.append(String.format(Locale.ROOT, " | ETA %d:%02d", d.toMinutes(), d.toSecondsPart()));
    }
    return s;
  }

  @Override
  public void close() {
    timer.shutdownNow();
    if (terminal) {
      out.println();
    }
  }
}
