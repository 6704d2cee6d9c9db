package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionView;

/**
 * Asks a judge model about the samples the configuration sends to it and sets their final grade;
 * the rest pass through unchanged. Judgments already in the judge's cache are reused from a side
 * input (judge replies are a few words, so the whole cache fits), so response texts are never
 * shuffled for the join.
 */
public final class JudgeSamples
    extends PTransform<PCollection<GradedSample>, PCollection<GradedSample>> {
  private final JudgeConfig config;

  private JudgeSamples(JudgeConfig config) {
    this.config = config;
  }

  public static JudgeSamples using(JudgeConfig config) {
    return new JudgeSamples(config);
  }

  @Override
  public PCollection<GradedSample> expand(PCollection<GradedSample> graded) {
    if (!config.enabled()) {
      return graded;
    }
    String cacheDir = config.generation().cacheDir();
    if (cacheDir == null) {
      return graded
          .apply("Judge", ParDo.of(new JudgeSampleFn(config, null)))
          .setCoder(GradedSampleCoder.of());
    }
    PCollectionView<Iterable<KV<String, String>>> cached =
        graded
            .getPipeline()
            .apply("ReadJudgeCache", ReadCacheLines.from(cacheDir))
            .apply("JudgeCacheView", View.asIterable());
    return graded
        .apply("Judge", ParDo.of(new JudgeSampleFn(config, cached)).withSideInputs(cached))
        .setCoder(GradedSampleCoder.of());
  }
}
