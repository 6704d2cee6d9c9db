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
 * @param cacheCheckpointSeconds on an object store, where a cache file becomes visible only when it
 *     is closed, the longest a cache file stays open: what a killed worker can lose
 */
public record GenerationConfig(
    ClientConfig client,
    PromptTemplate template,
    SamplingParams sampling,
    int maxInFlightPerWorker,
    String cacheDir,
    String runId,
    SandboxConfig toolSandbox,
    int maxCodeExecutions,
    int cacheCheckpointSeconds)
    implements Serializable {
  public static final int DEFAULT_CACHE_CHECKPOINT_SECONDS = 30;

  /** Plain generation, without code execution. */
  public GenerationConfig(
      ClientConfig client,
      PromptTemplate template,
      SamplingParams sampling,
      int maxInFlightPerWorker,
      String cacheDir,
      String runId) {
    this(
        client,
        template,
        sampling,
        maxInFlightPerWorker,
        cacheDir,
        runId,
        null,
        0,
        DEFAULT_CACHE_CHECKPOINT_SECONDS);
  }

  /** This configuration with tool-integrated reasoning. */
  public GenerationConfig withCodeExecution(SandboxConfig sandbox, int maxExecutions) {
    return new GenerationConfig(
        client,
        template,
        sampling,
        maxInFlightPerWorker,
        cacheDir,
        runId,
        sandbox,
        maxExecutions,
        cacheCheckpointSeconds);
  }

  /** This configuration with cache files on object stores closed at least every {@code seconds}. */
  public GenerationConfig withCacheCheckpointSeconds(int seconds) {
    return new GenerationConfig(
        client,
        template,
        sampling,
        maxInFlightPerWorker,
        cacheDir,
        runId,
        toolSandbox,
        maxCodeExecutions,
        seconds);
  }

  public boolean toolIntegrated() {
    return toolSandbox != null;
  }

  public GenerationConfig {
    if (maxInFlightPerWorker < 1) {
      throw new IllegalArgumentException("maxInFlightPerWorker must be >= 1");
    }
    if (cacheCheckpointSeconds < 1) {
      throw new IllegalArgumentException("cacheCheckpointSeconds must be >= 1");
    }
  }
}
