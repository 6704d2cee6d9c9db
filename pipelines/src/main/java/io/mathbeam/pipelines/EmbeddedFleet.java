package io.mathbeam.pipelines;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated fleet {@code mathbeam eval} starts when no endpoints are given. It is told the gold
 * answers of the problems being evaluated so that its simulated model can get some right.
 */
final class EmbeddedFleet {
  /**
   * Generous context so the default max_tokens (32768) plus a prompt fits, as on R1-class servers.
   */
  static final int MAX_MODEL_LEN = 40960;

  private EmbeddedFleet() {}

  static SimulatedFleet start(List<Problem> problems, EvalOptions options) {
    Map<String, String> answers = new LinkedHashMap<>();
    for (Problem p : problems) {
      // the simulated model answers a multiple-choice problem by finding this text among the
      // options it is shown
      String gold =
          p.isMultipleChoice()
              ? p.choices().get(p.goldAnswers().get(0).charAt(0) - 'A')
              : p.goldAnswers().get(0);
      answers.putIfAbsent(p.problem(), gold);
    }
    SimConfig config =
        SimConfig.builder()
            .replicas(options.getSimReplicas())
            .timeScale(options.getSimTimeScale())
            .maxModelLen(MAX_MODEL_LEN)
            .answerKey(AnswerKey.of(answers))
            .build();
    return SimulatedFleet.start(config);
  }
}
