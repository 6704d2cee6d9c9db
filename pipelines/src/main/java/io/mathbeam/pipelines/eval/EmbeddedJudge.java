package io.mathbeam.pipelines.eval;

import io.mathbeam.core.sim.JudgeBehavior;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.pipelines.options.EvalOptions;

/**
 * The simulated judge {@code mathbeam eval --simulateJudge} starts when no judge endpoints are
 * given: deterministic verdicts that follow the symbolic grader, except that it accepts some
 * answers the grader rejected and now and then replies without a verdict, so a demo shows
 * disagreements and malformed replies.
 */
final class EmbeddedJudge {
  static final String MODEL = "mathbeam-sim/judge-1";
  static final double LENIENT_RATE = 0.3;
  static final double MALFORMED_RATE = 0.02;

  private EmbeddedJudge() {}

  static SimulatedFleet start(EvalOptions options) {
    return SimulatedFleet.start(
        SimConfig.builder()
            .replicas(options.getSimReplicas())
            .timeScale(options.getSimTimeScale())
            .modelName(MODEL)
            .judge(new JudgeBehavior(LENIENT_RATE, MALFORMED_RATE))
            .build());
  }
}
