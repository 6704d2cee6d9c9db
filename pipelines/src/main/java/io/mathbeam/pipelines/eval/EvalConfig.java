package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.ProblemKeys;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.transforms.GenerationConfig;
import io.mathbeam.transforms.JudgeConfig;
import java.util.List;
import java.util.Map;

/**
 * The evaluation as decided from the options, before the pipeline is built.
 *
 * @param shuffleChoices draw each sample's order of multiple-choice options from its seed
 * @param reshuffle redistribute samples across workers after the fan-out (off on the DirectRunner,
 *     where it costs far more than it gives)
 * @param sandbox where code problems' programs run; null when the run has no code problem
 * @param problemSamples samples of single problems where they differ from their dataset's K (by
 *     {@link ProblemKeys}); empty but under {@code --allocation=adaptive}
 */
public record EvalConfig(
    List<ProblemSource> sources,
    FieldMapping mapping,
    double maxRejectedFraction,
    long baseSeed,
    boolean shuffleChoices,
    GenerationConfig generation,
    JudgeConfig judge,
    String outputDir,
    boolean reshuffle,
    String manifestJson,
    SandboxConfig sandbox,
    Map<String, Integer> problemSamples) {

  public EvalConfig {
    sources = List.copyOf(sources);
    problemSamples = Map.copyOf(problemSamples);
  }
}
