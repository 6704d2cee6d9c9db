package io.mathbeam.transforms;

import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.io.Serializable;

/**
 * Everything the generation step needs, fixed before the pipeline is built.
 *
 * @param maxInFlightPerWorker sequences one DoFn instance keeps outstanding; the client's
 *     per-replica cap still bounds what each replica sees
 * @param cacheDir directory of this configuration's generation cache (completed generations are
 *     checkpointed there as they arrive), or null for none
 * @param runId identifies the run's {@link LiveProgress} in a JVM
 */
public record GenerationConfig(
    ClientConfig client,
    PromptTemplate template,
    SamplingParams sampling,
    int maxInFlightPerWorker,
    String cacheDir,
    String runId)
    implements Serializable {

  public GenerationConfig {
    if (maxInFlightPerWorker < 1) {
      throw new IllegalArgumentException("maxInFlightPerWorker must be >= 1");
    }
  }
}
