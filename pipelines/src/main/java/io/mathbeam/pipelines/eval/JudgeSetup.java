package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.judge.JudgeMode;
import io.mathbeam.core.judge.JudgePrompt;
import io.mathbeam.core.judge.RewardSource;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.pipelines.storage.Storage;
import io.mathbeam.transforms.GenerationConfig;
import io.mathbeam.transforms.JudgeConfig;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** Turns the judge options into a {@link JudgeConfig}, starting a simulated judge if asked. */
final class JudgeSetup {
  /** The judge's own request carries the rendered judge prompt as its whole user message. */
  private static final PromptTemplate AS_IS =
      new PromptTemplate(null, PromptTemplate.PROBLEM_PLACEHOLDER);

  private JudgeSetup() {}

  /**
   * The judge of one evaluation.
   *
   * @param fleet the simulated judge fleet to stop after the run, or null
   * @param manifest what the run manifest records about the judge
   */
  record Judge(JudgeConfig config, DemoServers.Running fleet, ObjectNode manifest)
      implements AutoCloseable {
    @Override
    public void close() {
      if (fleet != null) {
        fleet.close();
      }
    }
  }

  static Judge prepare(
      EvalOptions options,
      String output,
      String runId,
      ClientConfig generationClient,
      PrintStream out)
      throws IOException, InterruptedException {
    JudgeMode mode = JudgeMode.parse(options.getJudge());
    RewardSource reward = RewardSource.parse(options.getRewardFrom());
    List<String> endpoints = split(options.getJudgeEndpoints());
    ObjectNode manifest = MetricsJson.JSON.createObjectNode();
    if (mode == JudgeMode.OFF || (endpoints.isEmpty() && !options.getSimulateJudge())) {
      if (reward != RewardSource.SYMBOLIC) {
        throw new IllegalArgumentException(
            "--rewardFrom="
                + reward.wireName()
                + " needs a judge: give --judgeEndpoints (or --simulateJudge) and a --judge mode"
                + " other than off");
      }
      manifest.put("mode", JudgeMode.OFF.wireName());
      return new Judge(JudgeConfig.off(), null, manifest);
    }
    JudgePrompt prompt = prompt(options.getJudgeTemplate());
    DemoServers.Running fleet = null;
    try {
      if (endpoints.isEmpty()) {
        fleet = DemoServers.load().judge(options);
        endpoints = fleet.endpoints();
        out.println(
            "No --judgeEndpoints given: judging with a SIMULATED judge on "
                + String.join(", ", endpoints)
                + ".");
      }
      String model =
          options.getJudgeModel() != null
              ? options.getJudgeModel()
              : ServedModel.resolve(endpoints, options.getApiKey());
      ClientConfig client =
          generationClient.toBuilder(endpoints)
              .model(model)
              .samplesPerRequest(1)
              // the judge step is not keyed by shard: its limits hold per JVM
              .capShards(0)
              .build();
      SamplingParams sampling =
          new SamplingParams(0.0, 1.0, 0, 0.0, 1.0, options.getJudgeMaxTokens(), List.of());
      ObjectNode cacheKey =
          GenerationCacheKey.describe(client.api(), model, sampling, AS_IS, 0L, 0)
              .put("role", "judge");
      String cacheDir = GenerationCache.prepare(options.getCacheDir(), output, cacheKey);
      GenerationConfig generation =
          new GenerationConfig(
                  client,
                  AS_IS,
                  sampling,
                  endpoints.size() * options.getMaxInFlightPerReplica(),
                  cacheDir,
                  runId + "/judge")
              .withCacheCheckpointSeconds(options.getCacheCheckpointSeconds());
      manifest
          .put("mode", mode.wireName())
          .put("reward_from", reward.wireName())
          .put("model", model)
          .put("simulated", fleet != null)
          .put("max_tokens", options.getJudgeMaxTokens())
          .put("template", prompt.template())
          .put("cache_dir", cacheDir);
      manifest.putArray("endpoints").addAll(endpoints.stream().map(manifest::textNode).toList());
      Judge judge = new Judge(new JudgeConfig(generation, prompt, mode, reward), fleet, manifest);
      fleet = null;
      return judge;
    } finally {
      if (fleet != null) {
        fleet.close();
      }
    }
  }

  private static JudgePrompt prompt(String file) throws IOException {
    if (file == null || file.isBlank()) {
      return JudgePrompt.defaults();
    }
    String text;
    try {
      text = Storage.readString(file);
    } catch (FileNotFoundException e) {
      throw new IllegalArgumentException("--judgeTemplate: no such file " + file);
    }
    try {
      return new JudgePrompt(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--judgeTemplate " + file + ": " + e.getMessage());
    }
  }

  private static List<String> split(String csv) {
    if (csv == null || csv.isBlank()) {
      return List.of();
    }
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
