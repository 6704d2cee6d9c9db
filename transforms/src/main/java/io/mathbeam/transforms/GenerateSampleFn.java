package io.mathbeam.transforms;

import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.tir.CodeExecutionLoop;
import java.io.IOException;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;

/**
 * Hands samples to a {@link GenerationDispatcher}, which keeps up to {@code maxInFlightPerWorker}
 * sequences outstanding per DoFn instance and refills that window from the HTTP threads as
 * responses arrive. Finished generations are emitted from {@code processElement} (Beam allows
 * output only on the processing thread) and the rest at the end of the bundle; {@code
 * processElement} blocks only when as many samples wait unsent as fit in the window.
 */
final class GenerateSampleFn extends DoFn<SampleRequest, Generation> {
  private final GenerationConfig config;
  static final String NAMESPACE = "mathbeam";
  private final Counter requests = Metrics.counter(NAMESPACE, "samples_sent");
  private final Counter retries = Metrics.counter(NAMESPACE, "retries");
  private final Counter samplesDone = Metrics.counter(NAMESPACE, "samples_generated");
  private final Counter failures = Metrics.counter(NAMESPACE, "request_failures");
  private final Counter completionTokens = Metrics.counter(NAMESPACE, "completion_tokens");
  private final Counter codeExecutions = Metrics.counter(NAMESPACE, "tool_code_executions");
  private final Distribution latency = Metrics.distribution(NAMESPACE, "latency_ms");
  private final Distribution attempts = Metrics.distribution(NAMESPACE, "attempts");

  private transient OpenAiClient client;
  private transient GenerationCacheWriter cache;
  private transient GenerationDispatcher dispatcher;
  private transient LiveProgress progress;

  GenerateSampleFn(GenerationConfig config) {
    this.config = config;
  }

  @Setup
  public void setup() {
    client = OpenAiClient.shared(config.client());
    progress = LiveProgress.of(config.runId());
    progress.attach(client);
    if (config.cacheDir() != null) {
      cache = new GenerationCacheWriter(config.cacheDir(), config.cacheCheckpointSeconds());
    }
  }

  @StartBundle
  public void startBundle() {
    dispatcher =
        new GenerationDispatcher(
            client,
            config.template(),
            config.sampling(),
            config.maxInFlightPerWorker(),
            config.client().samplesPerRequest(),
            config.toolIntegrated()
                ? new CodeExecutionLoop(
                    client,
                    config.template(),
                    config.sampling(),
                    SharedSandboxes.get(config.toolSandbox()),
                    config.maxCodeExecutions())
                : null);
  }

  @ProcessElement
  public void process(@Element SampleRequest request, OutputReceiver<Generation> out)
      throws InterruptedException, IOException {
    requests.inc();
    dispatcher.submit(request);
    Generation ready;
    while ((ready = dispatcher.poll()) != null) {
      emit(ready, out);
    }
    while (dispatcher.pending() >= config.maxInFlightPerWorker()) {
      emit(dispatcher.take(), out);
    }
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws InterruptedException, IOException {
    dispatcher.flush();
    while (dispatcher.unfinished() > 0) {
      Generation generation = dispatcher.take();
      record(generation);
      context.output(generation, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
    }
    if (cache != null) {
      cache.close();
    }
  }

  @Teardown
  public void teardown() throws IOException {
    if (cache != null) {
      cache.close();
    }
    if (client != null) {
      client.close();
      client = null;
    }
  }

  private void emit(Generation generation, OutputReceiver<Generation> out) throws IOException {
    record(generation);
    out.output(generation);
  }

  /** Counts a finished request and checkpoints a successful one before it moves on. */
  private void record(Generation generation) throws IOException {
    samplesDone.inc();
    progress.recordGenerated(
        generation.failed(),
        generation.failed() ? 0 : generation.completionTokens(),
        generation.attempts());
    if (generation.failed()) {
      failures.inc();
      Metrics.counter(NAMESPACE, "request_errors_" + generation.errorClass()).inc();
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
  }
}
