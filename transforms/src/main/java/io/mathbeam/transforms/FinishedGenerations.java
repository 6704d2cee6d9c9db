package io.mathbeam.transforms;

import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.model.Generation;
import java.io.IOException;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Metrics;

/**
 * What the generation DoFns do around the dispatcher: count sent and finished samples in Beam
 * metrics and the run's {@link LiveProgress}, and checkpoint each successful generation in the
 * generation cache before it moves on. One per DoFn instance, made in {@code @Setup}.
 */
final class FinishedGenerations {
  static final String NAMESPACE = "mathbeam";
  private final Counter requests = Metrics.counter(NAMESPACE, "samples_sent");
  private final Counter retries = Metrics.counter(NAMESPACE, "retries");
  private final Counter samplesDone = Metrics.counter(NAMESPACE, "samples_generated");
  private final Counter failures = Metrics.counter(NAMESPACE, "request_failures");
  private final Counter completionTokens = Metrics.counter(NAMESPACE, "completion_tokens");
  private final Counter recovered =
      Metrics.counter(NAMESPACE, "samples_recovered_from_checkpoints");
  private final Counter codeExecutions = Metrics.counter(NAMESPACE, "tool_code_executions");
  private final Counter tailCopies = Metrics.counter(NAMESPACE, "tail_copies");
  private final Counter tailCopiesWon = Metrics.counter(NAMESPACE, "tail_copies_won");
  private final Distribution latency = Metrics.distribution(NAMESPACE, "latency_ms");
  private final Distribution attempts = Metrics.distribution(NAMESPACE, "attempts");

  private final LiveProgress progress;
  private final GenerationCacheWriter cache;
  private final OpenAiClient client;

  FinishedGenerations(GenerationConfig config, OpenAiClient client) {
    this.client = client;
    this.progress = LiveProgress.of(config.runId());
    progress.attach(client);
    this.cache = GenerationCacheWriter.of(config);
  }

  void sent() {
    requests.inc();
  }

  /**
   * Counts a generation a failed attempt of this bundle had already checkpointed ({@link
   * RunCheckpoints}): it moves on without a request and without a second cache line.
   */
  void recovered(Generation generation) {
    recovered.inc();
    samplesDone.inc();
    completionTokens.inc(generation.completionTokens());
  }

  /** Counts a finished request and checkpoints a successful one before it moves on. */
  void record(Generation generation) throws IOException {
    samplesDone.inc();
    progress.recordGenerated(
        generation.failed(),
        generation.failed() ? 0 : generation.completionTokens(),
        generation.attempts());
    if (generation.failed()) {
      failures.inc();
      Metrics.counter(NAMESPACE, "request_errors_" + generation.errorClassName()).inc();
    } else {
      if (cache != null) {
        cache.append(CachedGenerationJson.line(SampleKeys.of(generation.request()), generation));
      }
      completionTokens.inc(generation.completionTokens());
      if (generation.codeExecutions() != null) {
        codeExecutions.inc(generation.codeExecutions().count());
      }
      latency.update(generation.latencyMs());
    }
    attempts.update(generation.attempts());
    retries.inc(Math.max(0, generation.attempts() - 1));
    // a copy starts while its original runs, so it is counted by the time the sample is recorded
    long[] copies = client.takeNewTailCopies();
    if (copies[0] > 0) {
      tailCopies.inc(copies[0]);
    }
    if (copies[1] > 0) {
      tailCopiesWon.inc(copies[1]);
    }
  }

  /** Makes the checkpoints of the bundle durable (the cache file is closed; a later one opens). */
  void endBundle() throws IOException {
    if (cache != null) {
      cache.close();
    }
  }
}
