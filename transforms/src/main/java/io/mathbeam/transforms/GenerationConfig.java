package io.mathbeam.transforms;

import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sandbox.SandboxConfig;
import java.io.Serializable;

/**
 * Everything the generation step needs, fixed before the pipeline is built.
 *
 * @param maxInFlightPerWorker sequences one DoFn instance keeps outstanding; the client's
 *     per-replica cap still bounds what each replica sees
 * @param cacheDir directory of this configuration's generation cache (completed generations are
 *     checkpointed there as they arrive), or null for none
 * @param runId identifies the run's {@link LiveProgress} in a JVM
 * @param toolSandbox with tool-integrated reasoning, where the model's code blocks run; null for
 *     plain generation
 * @param maxCodeExecutions code blocks run per sample with tool-integrated reasoning
 */
public record GenerationConfig(
    ClientConfig client,
    PromptTemplate template,
    SamplingParams sampling,
    int maxInFlightPerWorker,
    String cacheDir,
    String runId,
    SandboxConfig toolSandbox,
    int maxCodeExecutions)
    implements Serializable {

  /** Plain generation, without code execution. */
  public GenerationConfig(
      ClientConfig client,
      PromptTemplate template,
      SamplingParams sampling,
      int maxInFlightPerWorker,
      String cacheDir,
      String runId) {
    this(client, template, sampling, maxInFlightPerWorker, cacheDir, runId, null, 0);
  }

  /** This configuration with tool-integrated reasoning. */
  public GenerationConfig withCodeExecution(SandboxConfig sandbox, int maxExecutions) {
    return new GenerationConfig(
        client, template, sampling, maxInFlightPerWorker, cacheDir, runId, sandbox, maxExecutions);
  }

  public boolean toolIntegrated() {
    return toolSandbox != null;
  }

  public GenerationConfig {
    if (maxInFlightPerWorker < 1) {
      throw new IllegalArgumentException("maxInFlightPerWorker must be >= 1");
    }
  }
}
