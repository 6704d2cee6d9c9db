package io.mathbeam.transforms;

import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.Judgment;
import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Sends the samples its configuration selects to the judge through a {@link GenerationDispatcher}
 * (the generation client's router, limits and retries), keeping each sample in a bundle-local map
 * until its judgment arrives. Successful judge replies are checkpointed in the judge's cache.
 */
final class JudgeSampleFn extends DoFn<GradedSample, GradedSample> {
  private static final String NAMESPACE = "mathbeam";
  private final JudgeConfig config;
  private final PCollectionView<Iterable<KV<String, String>>> cachedView;
  private final Counter sent = Metrics.counter(NAMESPACE, "judge_requests");
  private final Counter reused = Metrics.counter(NAMESPACE, "judgments_reused_from_cache");
  private final Counter passed = Metrics.counter(NAMESPACE, "judge_not_needed");

  private transient OpenAiClient client;
  private transient GenerationCacheWriter cache;
  private transient DispatchWindow window;
  private transient Map<String, GradedSample> waiting;
  private transient Map<String, String> cachedLines;

  /**
   * @param cachedView the judge cache's (key, line) pairs, or null without a cache
   */
  JudgeSampleFn(JudgeConfig config, PCollectionView<Iterable<KV<String, String>>> cachedView) {
    this.config = config;
    this.cachedView = cachedView;
  }

  @Setup
  public void setup() {
    client = OpenAiClient.shared(config.generation().client());
    cache = GenerationCacheWriter.of(config.generation());
  }

  @StartBundle
  public void startBundle() {
    GenerationConfig g = config.generation();
    window =
        new DispatchWindow(
            new GenerationDispatcher(
                client, g.template(), g.sampling(), g.maxInFlightPerWorker(), 1),
            g.maxInFlightPerWorker());
    waiting = new HashMap<>();
  }

  @ProcessElement
  public void process(ProcessContext c) throws InterruptedException, IOException {
    GradedSample sample = c.element();
    if (!config.mode().sends(sample.symbolicStatus(), sample.extractedAnswer())) {
      passed.inc();
      c.output(sample);
      return;
    }
    SampleRequest request = config.request(sample);
    String key = SampleKeys.of(request);
    String line = cachedLine(c, key);
    if (line != null) {
      reused.inc();
      c.output(
          judged(
              sample, CachedGenerationJson.generation(CachedGenerationJson.parse(line), request)));
      return;
    }
    sent.inc();
    waiting.put(key, sample);
    window.submit(request, judge -> c.output(finish(judge)));
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws InterruptedException, IOException {
    window.drain(
        judge ->
            context.output(
                finish(judge), BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE));
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

  private String cachedLine(ProcessContext c, String key) {
    if (cachedView == null) {
      return null;
    }
    if (cachedLines == null) {
      Map<String, String> lines = new HashMap<>();
      // duplicates (a judgment made twice after a worker failure) are interchangeable; keep the
      // smallest line so every run picks the same one
      for (KV<String, String> kv : c.sideInput(cachedView)) {
        lines.merge(kv.getKey(), kv.getValue(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
      }
      cachedLines = lines;
    }
    return cachedLines.get(key);
  }

  /** Attaches a finished judge request to its sample and checkpoints a successful reply. */
  private GradedSample finish(Generation judge) throws IOException {
    String key = SampleKeys.of(judge.request());
    GradedSample sample = waiting.remove(key);
    if (sample == null) {
      throw new IllegalStateException("a judge reply arrived for no waiting sample: " + key);
    }
    if (!judge.failed() && cache != null) {
      cache.append(CachedGenerationJson.line(key, judge));
    }
    return judged(sample, judge);
  }

  private GradedSample judged(GradedSample sample, Generation judge) {
    Judgment judgment =
        judge.failed()
            ? Judgment.failed(judge.errorClassName(), judge.latencyMs())
            : Judgment.of(judge.text(), judge.latencyMs());
    Metrics.counter(NAMESPACE, "judge_verdict_" + judgment.verdict().wireName()).inc();
    GradeStatus status = config.rewardFrom().resolve(sample.symbolicStatus(), judgment);
    return sample.withJudgment(judgment, status);
  }
}
