package io.mathbeam.transforms;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;

/**
 * Sends every sample request to the OpenAI-compatible replicas and emits one {@link Generation} per
 * request: a response, or a classified failure after retries. Never drops a request.
 */
public final class GenerateSamples
    extends PTransform<PCollection<SampleRequest>, PCollection<Generation>> {
  private final GenerationConfig config;

  private GenerateSamples(GenerationConfig config) {
    this.config = config;
  }

  public static GenerateSamples using(GenerationConfig config) {
    return new GenerateSamples(config);
  }

  @Override
  public PCollection<Generation> expand(PCollection<SampleRequest> requests) {
    return requests
        .apply("CallReplicas", ParDo.of(new GenerateSampleFn(config)))
        .setCoder(GenerationCoder.of());
  }
}
