package io.mathbeam.transforms;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Sends every sample request to the OpenAI-compatible replicas and emits one {@link Generation} per
 * request: a response, or a classified failure after retries. Never drops a request.
 *
 * <p>With {@code capShards = 0} in the client config, each worker JVM enforces the per-replica
 * limits on its own ({@link GenerateSampleFn}). With {@code capShards = S}, the limits hold for the
 * whole job: samples are keyed by shard ({@link SampleShards}), grouped so that each shard is
 * generated in exactly one place, and each shard uses only its fixed share of every replica's cap
 * and rates ({@link GenerateShardFn}).
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
    int shards = config.client().capShards();
    if (shards == 0) {
      return requests
          .apply("CallReplicas", ParDo.of(new GenerateSampleFn(config)))
          .setCoder(GenerationCoder.of());
    }
    return requests
        .apply(
            "AssignShards",
            WithKeys.of(new SampleShards(shards, config.client().samplesPerRequest()))
                .withKeyType(TypeDescriptors.integers()))
        .setCoder(KvCoder.of(VarIntCoder.of(), SampleRequestCoder.of()))
        .apply("GroupByShard", GroupByKey.create())
        .apply("CallReplicasByShard", ParDo.of(new GenerateShardFn(config)))
        .setCoder(GenerationCoder.of());
  }
}
