package io.mathbeam.transforms;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.transforms.coders.GenerationCoder;
import io.mathbeam.transforms.coders.SampleRequestCoder;
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
 * <p>Samples are keyed into groups ({@link SampleShards}) and each group is generated in one place
 * through its worker's shared dispatcher ({@link GenerateShardFn}). With {@code capShards = S} in
 * the client config the groups are the S shards of the job-wide limits, each using only its fixed
 * share of every replica's cap and rates; otherwise each worker JVM enforces the limits on its own
 * (on the DirectRunner, one JVM: the whole job). Without groups ({@code keyedGroups() == 0}) the
 * samples are not grouped and each bundle has a dispatcher of its own ({@link GenerateSampleFn}).
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
    int groups = config.keyedGroups();
    if (groups == 0) {
      return requests
          .apply("CallReplicas", ParDo.of(new GenerateSampleFn(config)))
          .setCoder(GenerationCoder.of());
    }
    return requests
        .apply(
            "AssignShards",
            WithKeys.of(
                    config.client().leasedCaps()
                        // shards get equal work: a problem's samples are dealt round them
                        ? new SampleShards(groups, config.client().samplesPerRequest())
                        // groups only spread the work over threads: a problem stays whole
                        : SampleShards.byProblem(groups))
                .withKeyType(TypeDescriptors.integers()))
        .setCoder(KvCoder.of(VarIntCoder.of(), SampleRequestCoder.of()))
        .apply("GroupByShard", GroupByKey.create())
        .apply("CallReplicasByShard", ParDo.of(new GenerateShardFn(config)))
        .setCoder(GenerationCoder.of());
  }
}
