package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.SplittableRandom;
import org.junit.Test;

public class ProblemBootstrapTest {
  @Test
  public void theExpandedTailCorrectsForFewProblems() {
    // Phi(-sqrt(30/29) t(0.975, 29)) = Phi(-2.0801) = 0.01876 (Hesterberg's expanded percentile).
    assertEquals(0.01876, ProblemBootstrap.tailProbability(30, 0.95), 5e-5);
    assertEquals(0.02457, ProblemBootstrap.tailProbability(500, 0.95), 5e-5);
    assertEquals(0.025, ProblemBootstrap.tailProbability(1, 0.95), 1e-12);
    assertTrue(ProblemBootstrap.tailProbability(100_000, 0.95) < 0.025);
  }

  @Test
  public void replicatesSpreadAsTheMeanOfTheProblemsDoes() {
    // 200 values 0..9: the replicates' variance is (N-1)/N S^2 / N, the bootstrap's own.
    double[] values = new double[200];
    for (int i = 0; i < values.length; i++) {
      values[i] = i % 10;
    }
    double[][] reps =
        ProblemBootstrap.replicateMeans(new double[][] {values}, 4000, new SplittableRandom(1));
    double se = ProblemBootstrap.standardErrorOfMean(reps[0]) * Math.sqrt(reps[0].length);
    double expected = ProblemBootstrap.standardErrorOfMean(values) * Math.sqrt(199 / 200.0);
    assertEquals(expected, se, 0.05 * expected);
    assertEquals(4.5, ProblemBootstrap.mean(reps[0]), 0.01);
  }
}
