package io.mathbeam.transforms;

import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.client.LengthPriors;
import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.core.tir.CodeExecutionLoop;
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
 * @param groups with limits per JVM (the client's {@code capShards} 0), the number of keyed groups
 *     generation is spread over (0: not keyed, one bundle's dispatcher at a time); with job-wide
 *     limits the groups are the client's shards and this is ignored
 * @param lengthPriors completion lengths of an earlier run of the same model, which the dispatch
 *     order starts from ({@link LengthPriors#NONE} for none)
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
    int cacheCheckpointSeconds,
    int groups,
    LengthPriors lengthPriors)
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
        DEFAULT_CACHE_CHECKPOINT_SECONDS,
        0,
        LengthPriors.NONE);
  }

  /** This configuration with tool-integrated reasoning. */
  public GenerationConfig withCodeExecution(SandboxConfig sandbox, int maxExecutions) {
    return with(sandbox, maxExecutions, cacheCheckpointSeconds, groups, lengthPriors);
  }

  /** This configuration with cache files on object stores closed at least every {@code seconds}. */
  public GenerationConfig withCacheCheckpointSeconds(int seconds) {
    return with(toolSandbox, maxCodeExecutions, seconds, groups, lengthPriors);
  }

  /** This configuration with generation spread over {@code count} keyed groups. */
  public GenerationConfig withGroups(int count) {
    return with(toolSandbox, maxCodeExecutions, cacheCheckpointSeconds, count, lengthPriors);
  }

  /** This configuration with the dispatch order starting from an earlier run's lengths. */
  public GenerationConfig withLengthPriors(LengthPriors priors) {
    return with(toolSandbox, maxCodeExecutions, cacheCheckpointSeconds, groups, priors);
  }

  /** This configuration's required part with other optional settings. */
  private GenerationConfig with(
      SandboxConfig sandbox, int maxExecutions, int seconds, int count, LengthPriors priors) {
    return new GenerationConfig(
        client,
        template,
        sampling,
        maxInFlightPerWorker,
        cacheDir,
        runId,
        sandbox,
        maxExecutions,
        seconds,
        count,
        priors);
  }

  /** How many keyed groups generation runs in: the shards, the groups, or 0 for none. */
  public int keyedGroups() {
    return client.leasedCaps() ? client.capShards() : groups;
  }

  /** A dispatcher of this configuration: plain requests, or samples drawn through the TIR loop. */
  GenerationDispatcher newDispatcher(OpenAiClient client, int window) {
    return new GenerationDispatcher(
        client,
        template,
        sampling,
        window,
        this.client.samplesPerRequest(),
        toolIntegrated()
            ? new CodeExecutionLoop(
                client, template, sampling, SharedSandboxes.get(toolSandbox), maxCodeExecutions)
            : null,
        lengthPriors);
  }

  public boolean toolIntegrated() {
    return toolSandbox != null;
  }

  public GenerationConfig {
    if (maxInFlightPerWorker < 1) {
      throw new IllegalArgumentException("maxInFlightPerWorker must be >= 1");
    }
    if (groups < 0) {
      throw new IllegalArgumentException("groups must be >= 0");
    }
    if (cacheCheckpointSeconds < 1) {
      throw new IllegalArgumentException("cacheCheckpointSeconds must be >= 1");
    }
    lengthPriors = lengthPriors == null ? LengthPriors.NONE : lengthPriors;
  }
}
