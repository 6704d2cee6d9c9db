package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;

public class PassAtOneStandardErrorTest {
  @Test
  public void closedFormMatchesHandComputation() {
    // p = 0, 0.5, 1: mean 0.5, squares 0.25 + 0 + 0.25 = 0.5, / (3 * 2) -> sqrt(1/12).
    double se = PassAtOneStandardError.of(new int[] {2, 4, 3}, new int[] {0, 2, 3});
    assertEquals(Math.sqrt(0.5 / 6), se, 1e-12);
  }

  @Test
  public void closedFormIsNanForOneProblem() {
    assertTrue(Double.isNaN(PassAtOneStandardError.of(new int[] {4}, new int[] {1})));
  }

  @Test
  public void componentsUseUnbiasedWithinVariance() {
    // p = 0.25 (n=4) and 0.75 (n=4): within = 0.1875 * 4/3 = 0.25; S^2 = 0.125;
    // between = 0.125 - 0.25 / 4 = 0.0625.
    VarianceComponents c = PassAtOneStandardError.components(new int[] {4, 4}, new int[] {1, 3});
    assertEquals(0.25, c.within(), 1e-12);
    assertEquals(0.0625, c.between(), 1e-12);
    assertEquals(Math.sqrt((0.0625 + 0.25 / 4) / 2), c.standardError(4), 1e-12);
  }

  @Test
  public void betweenVarianceIsClippedAtZero() {
    // Same rate everywhere: all spread is sampling noise, so between must not go negative.
    VarianceComponents c =
        PassAtOneStandardError.components(new int[] {2, 2, 2}, new int[] {1, 1, 1});
    assertEquals(0.0, c.between(), 0.0);
    assertEquals(0.5, c.within(), 1e-12);
  }

  @Test
  public void standardErrorAtFullKAgreesWithClosedFormAndShrinksWithK() {
    List<ProblemVotes> problems = SimulatedVotes.dataset("d", 200, 16, 21);
    List<StandardErrorAtK> table = PassAtOneStandardError.againstK(problems);
    assertEquals(
        List.of(1, 2, 4, 8, 16), table.stream().map(StandardErrorAtK::samplesPerProblem).toList());
    double closedForm = PassAtOneStandardError.of(problems);
    assertEquals(closedForm, table.get(table.size() - 1).standardError(), 1e-9 + 0.05 * closedForm);
    for (int i = 1; i < table.size(); i++) {
      assertTrue(table.get(i).standardError() < table.get(i - 1).standardError());
    }
  }

  @Test
  public void predictedStandardErrorMatchesSimulationAtOtherK() {
    // Fit the components on K=16 data, then compare the K'=2 prediction with the spread of
    // pass@1 over many simulated K=2 evaluations of the same kind of problem set.
    List<ProblemVotes> fit = SimulatedVotes.dataset("d", 400, 16, 5);
    double predicted = PassAtOneStandardError.components(fit).standardError(2);
    java.util.Random random = new java.util.Random(8);
    int runs = 400;
    double[] means = new double[runs];
    for (int r = 0; r < runs; r++) {
      double sum = 0;
      for (int i = 0; i < 400; i++) {
        double rate = Math.pow(random.nextDouble(), 1.5);
        for (int s = 0; s < 2; s++) {
          sum += random.nextDouble() < 0.97 * rate ? 1 : 0;
        }
      }
      means[r] = sum / 800;
    }
    double spread = ProblemBootstrap.standardErrorOfMean(means) * Math.sqrt(runs);
    assertEquals(predicted, spread, 0.15 * predicted);
  }

  @Test
  public void rejectsInconsistentCounts() {
    assertThrows(
        IllegalArgumentException.class,
        () -> PassAtOneStandardError.of(new int[] {2, 2}, new int[] {3, 0}));
    assertThrows(
        IllegalArgumentException.class,
        () -> PassAtOneStandardError.components(new int[] {2}, new int[] {1}));
  }
}
