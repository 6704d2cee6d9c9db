package io.mathbeam.transforms;

import io.mathbeam.core.judge.JudgeMode;
import io.mathbeam.core.judge.JudgePrompt;
import io.mathbeam.core.judge.RewardSource;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import java.io.Serializable;
import java.util.Objects;

/**
 * The judge step: which samples go to the judge, what it is asked, and which grade counts.
 *
 * @param generation the judge's client, sampling and cache: the same machinery as generation; its
 *     template's user message is the rendered judge prompt itself
 */
public record JudgeConfig(
    GenerationConfig generation, JudgePrompt prompt, JudgeMode mode, RewardSource rewardFrom)
    implements Serializable {

  public JudgeConfig {
    Objects.requireNonNull(prompt, "prompt");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(rewardFrom, "rewardFrom");
    if (mode != JudgeMode.OFF) {
      Objects.requireNonNull(generation, "generation");
    }
  }

  public static JudgeConfig off() {
    return new JudgeConfig(null, JudgePrompt.defaults(), JudgeMode.OFF, RewardSource.SYMBOLIC);
  }

  public boolean enabled() {
    return mode != JudgeMode.OFF;
  }

  /**
   * The judge request of a sample: same dataset, problem, index and seed (so its cache key names
   * the sample), with the rendered judge prompt as its text, so a changed answer or template is
   * never answered from the cache.
   */
  SampleRequest request(GradedSample s) {
    SampleRequest r = s.request();
    String text =
        prompt.render(r.problem(), r.goldAnswers(), s.extractedAnswer(), s.generation().text());
    return new SampleRequest(
        r.datasetId(),
        r.problemId(),
        text,
        r.goldAnswers(),
        r.sampleIndex(),
        r.samplesPerProblem(),
        r.seed());
  }
}
