package io.mathbeam.pipelines;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.JudgeBehavior;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.pipelines.eval.DemoServers;
import io.mathbeam.pipelines.options.EvalOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The harness's simulator as eval's {@link DemoServers} (registered in {@code META-INF/services}):
 * a model fleet told the gold answers of the problems being evaluated, so that its simulated model
 * can get some right; and a judge whose verdicts follow the symbolic grader, except that it accepts
 * some answers the grader rejected and now and then replies without a verdict, so a demo shows
 * disagreements and malformed replies.
 */
public final class SimulatedDemoServers implements DemoServers {
  /**
   * Generous context so the default max_tokens (32768) plus a prompt fits, as on R1-class servers.
   */
  static final int MAX_MODEL_LEN = 40960;

  static final String JUDGE_MODEL = "mathbeam-sim/judge-1";
  static final double JUDGE_LENIENT_RATE = 0.3;
  static final double JUDGE_MALFORMED_RATE = 0.02;

  @Override
  public Running model(List<Problem> problems, EvalOptions options) {
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
            .requestLog(
                options.getSimRequestLog() == null ? null : Path.of(options.getSimRequestLog()))
            .build();
    return new Started(SimulatedFleet.start(config));
  }

  @Override
  public Running judge(EvalOptions options) {
    return new Started(
        SimulatedFleet.start(
            SimConfig.builder()
                .replicas(options.getSimReplicas())
                .timeScale(options.getSimTimeScale())
                .modelName(JUDGE_MODEL)
                .judge(new JudgeBehavior(JUDGE_LENIENT_RATE, JUDGE_MALFORMED_RATE))
                .build()));
  }

  private record Started(SimulatedFleet fleet) implements Running {
    @Override
    public List<String> endpoints() {
      return fleet.endpoints();
    }

    @Override
    public void close() {
      fleet.close();
    }
  }
}
