package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.pipelines.options.EvalOptions;
import java.util.ArrayList;
import java.util.List;

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
    List<AnswerKey.Entry> entries = new ArrayList<>();
    for (Problem p : problems) {
      if (p.isCode()) {
        // a code problem's text is the whole prompt; its gold is the reference solution
        entries.add(AnswerKey.Entry.codeProblem(p.problem(), p.goldAnswers().get(0)));
        continue;
      }
      // the simulated model answers a multiple-choice problem by finding this text among the
      // options it is shown
      String gold =
          p.isMultipleChoice()
              ? p.choices().get(p.goldAnswers().get(0).charAt(0) - 'A')
              : p.goldAnswers().get(0);
      entries.add(new AnswerKey.Entry(p.problem(), gold));
    }
    SimConfig config =
        SimConfig.builder()
            .replicas(options.getSimReplicas())
            .timeScale(options.getSimTimeScale())
            .maxModelLen(MAX_MODEL_LEN)
            .answerKey(AnswerKey.ofEntries(entries))
            // with --tir the simulated model writes code and reads its output, as TIR models do
            .tir(options.getTir())
            .build();
    return SimulatedFleet.start(config);
  }
}
