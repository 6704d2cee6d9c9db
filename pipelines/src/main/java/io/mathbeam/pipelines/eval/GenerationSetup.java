package io.mathbeam.pipelines.eval;

import io.mathbeam.core.client.Api;
import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.client.DispatchPolicy;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.pipelines.options.SamplingOptions;
import io.mathbeam.transforms.GenerationConfig;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Turns eval's options into the client's and the generation step's immutable configs. */
final class GenerationSetup {
  private GenerationSetup() {}

  /** The client of {@code endpoints}, serving {@code model}, as the options configure it. */
  static ClientConfig client(EvalOptions options, List<String> endpoints, Api api, String model) {
    return ClientConfig.builder(endpoints)
        .api(api)
        .model(model)
        .apiKey(options.getApiKey())
        .maxInFlightPerReplica(options.getMaxInFlightPerReplica())
        .capShards(GenerationShards.choose(options))
        .dispatchPolicy(dispatchPolicy(options.getDispatchOrder()))
        .tailCopies(options.getTailCopies())
        .samplesPerRequest(options.getSamplesPerRequest())
        .requestsPerSecond(options.getMaxRequestsPerSecondPerReplica())
        .tokensPerSecond(options.getMaxTokensPerSecondPerReplica())
        .stream(options.getStream())
        .streamIdleTimeout(Duration.ofSeconds(options.getStreamIdleTimeoutSeconds()))
        .maxAttempts(options.getMaxAttempts())
        .requestTimeout(Duration.ofSeconds(options.getRequestTimeoutSeconds()))
        .build();
  }

  /** The generation step's config: window, cache, groups, length priors and TIR. */
  static GenerationConfig generation(
      EvalOptions options,
      ClientConfig client,
      PromptTemplate template,
      SamplingParams sampling,
      String cacheDir,
      String runId,
      SandboxConfig sandbox) {
    GenerationConfig generation =
        new GenerationConfig(
                client,
                template,
                sampling,
                client.endpoints().size() * options.getMaxInFlightPerReplica(),
                cacheDir,
                runId)
            .withCacheCheckpointSeconds(options.getCacheCheckpointSeconds())
            .withGroups(GenerationShards.groups(options))
            .withLengthPriors(EarlierRunLengths.read(options.getLengthPriors()));
    return options.getTir()
        ? generation.withCodeExecution(sandbox, options.getMaxCodeExecutions())
        : generation;
  }

  static SamplingParams sampling(SamplingOptions o) {
    List<String> stop =
        o.getStop() == null || o.getStop().isEmpty()
            ? List.of()
            : Arrays.asList(o.getStop().split("\\|"));
    return new SamplingParams(
        o.getTemperature(), o.getTopP(), o.getTopK(), o.getMinP(), 1.0, o.getMaxTokens(), stop);
  }

  private static DispatchPolicy dispatchPolicy(String value) {
    return switch (value) {
      case "longest-first" -> DispatchPolicy.LONGEST_FIRST;
      case "arrival" -> DispatchPolicy.ARRIVAL;
      default ->
          throw new IllegalArgumentException(
              "--dispatchOrder must be longest-first or arrival, got " + value);
    };
  }
}
