package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.Test;

public class TwoPhaseAllocationTest {
  @Test
  public void theSecondPhaseGoesWhereItPaysAndMeetsTheTarget() {
    double[] v = {0.0, 0.25, 0.25, 0.09, 0.0, 0.16};
    double[] t = {1000, 1000, 4000, 1000, 1000, 1000};
    int n1 = 4;
    double star = 0.0004;
    TwoPhaseAllocation.Plan plan = TwoPhaseAllocation.plan(v, t, n1, star);
    int[] m = plan.more();
    // the floor: a problem with no variance still gets one sample
    assertEquals(1, m[0]);
    assertEquals(1, m[4]);
    // more variance, more samples; four times the tokens, half as many (sqrt(v / t))
    assertTrue(Arrays.toString(m), m[1] > m[5] && m[5] > m[3] && m[3] > m[0]);
    assertEquals(m[1] / 2.0, m[2], 1.0);
    double mean = Arrays.stream(m).average().orElseThrow();
    assertEquals(n1 / (n1 + mean), plan.lambda(), 1e-4);
    // the projected variance of the mean is at most the target's
    assertTrue(plan.variance(n1, v) <= star * (1 + 1e-9));
    assertEquals(
        m[0] * 1000.0 + m[1] * 1000 + m[2] * 4000 + m[3] * 1000 + m[4] * 1000 + m[5] * 1000,
        plan.tokens(t),
        1e-9);
  }

  @Test
  public void theEstimateWeighsBothPhasesAlike() {
    double[] v = {0.25, 0.25};
    TwoPhaseAllocation.Plan plan = new TwoPhaseAllocation.Plan(new int[] {2, 6}, 0.5);
    // (0.5 * 3/4 + 0.5 * 1/2 + 0.5 * 0/4 + 0.5 * 3/6) / 2
    assertEquals(0.4375, plan.estimate(4, new int[] {3, 0}, new int[] {1, 3}), 1e-12);
    double expected = (0.25 * (0.25 / 4 + 0.25 / 2) + 0.25 * (0.25 / 4 + 0.25 / 6)) / 4;
    assertEquals(expected, plan.variance(4, v), 1e-12);
  }

  @Test
  public void uniformRoundsAreKeptWhereTheProblemsAreAlike() {
    double[] v = new double[50];
    double[] t = new double[50];
    Arrays.fill(v, 0.2);
    Arrays.fill(t, 2000);
    int n1 = 8;
    double star = Math.pow(0.02 / SamplingPrecision.Z95, 2);
    TwoPhaseAllocation.Plan plan = TwoPhaseAllocation.plan(v, t, n1, star);
    assertFalse(TwoPhaseAllocation.pays(plan, v, t, n1, star));
    // 0.2 / (50 * 1.04e-4) = 38.4: 39 per problem
    assertEquals(39, TwoPhaseAllocation.uniformSamples(v, n1, star));
    assertEquals(n1, TwoPhaseAllocation.uniformSamples(v, n1, 1.0));
    // half never or always solved: the plan spends a sample on each of those and many on the rest
    for (int i = 0; i < 25; i++) {
      v[i] = 0.01;
    }
    plan = TwoPhaseAllocation.plan(v, t, n1, star);
    assertTrue(TwoPhaseAllocation.pays(plan, v, t, n1, star));
  }

  @Test
  public void theFirstPhaseIsHalfTheProjectedUniformK() {
    assertEquals(8, TwoPhaseAllocation.firstPhase(16, 2));
    assertEquals(9, TwoPhaseAllocation.firstPhase(17, 2));
    assertEquals(4, TwoPhaseAllocation.firstPhase(5, 4));
  }

  @Test
  public void badInputIsRefused() {
    double[] v = {0.1, 0.2};
    assertThrows(
        IllegalArgumentException.class,
        () -> TwoPhaseAllocation.plan(v, new double[] {1, 0}, 2, 0.001));
    assertThrows(
        IllegalArgumentException.class,
        () -> TwoPhaseAllocation.plan(v, new double[] {1}, 2, 0.001));
    assertThrows(
        IllegalArgumentException.class,
        () -> TwoPhaseAllocation.plan(v, new double[] {1, 1}, 0, 0.001));
    assertThrows(
        IllegalArgumentException.class,
        () -> TwoPhaseAllocation.plan(v, new double[] {1, 1}, 2, 0));
  }

  /**
   * Simulation with known rates, half of the problems always solved and the rest spread below 1
   * (MATH-500's shape): the plan made from each replication's own first phase (the fitted prior's
   * variances) leaves the two-phase estimate unbiased, its error about the target's and its
   * interval covering the fixed problems' mean about 95% of the time, while the pooled mean c_i /
   * n_i of the same samples is biased by the design (a problem seen n1 of n1 gets few more samples,
   * so its high first phase weighs more).
   */
  @Test
  public void theEstimateKeepsItsMeaningUnderTheDataDependentDesign() {
    SplittableRandom random = new SplittableRandom(28);
    int problems = 500;
    double[] rates = new double[problems];
    double truth = 0;
    for (int i = 0; i < problems; i++) {
      // Beta(2, 1): the larger of two uniforms
      rates[i] =
          random.nextDouble() < 0.5 ? 1.0 : Math.max(random.nextDouble(), random.nextDouble());
      truth += rates[i] / problems;
    }
    double[] tokens = new double[problems];
    Arrays.fill(tokens, 1000);
    int n1 = 8;
    double star = Math.pow(0.005 / SamplingPrecision.Z95, 2);
    int replications = 1000;
    double bias = 0;
    double pooledBias = 0;
    double squared = 0;
    int covered = 0;
    int[] samples = new int[problems];
    Arrays.fill(samples, n1);
    for (int r = 0; r < replications; r++) {
      int[] first = draw(rates, samples, random);
      double[] v = PrecisionStopping.problemVariances(samples, first);
      TwoPhaseAllocation.Plan plan = TwoPhaseAllocation.plan(v, tokens, n1, star);
      int[] second = draw(rates, plan.more(), random);
      double estimate = plan.estimate(n1, first, second);
      int[] all = new int[problems];
      int[] allSamples = new int[problems];
      double pooled = 0;
      for (int i = 0; i < problems; i++) {
        all[i] = first[i] + second[i];
        allSamples[i] = n1 + plan.more()[i];
        pooled += (double) all[i] / allSamples[i] / problems;
      }
      double variance = plan.variance(n1, PrecisionStopping.problemVariances(allSamples, all));
      bias += (estimate - truth) / replications;
      pooledBias += (pooled - truth) / replications;
      squared += (estimate - truth) * (estimate - truth) / replications;
      covered += Math.abs(estimate - truth) <= SamplingPrecision.Z95 * Math.sqrt(variance) ? 1 : 0;
    }
    double standardError = Math.sqrt(squared / replications);
    assertTrue(
        "bias " + bias + ", its standard error " + standardError,
        Math.abs(bias) < 4 * standardError);
    assertTrue("pooled bias " + pooledBias, pooledBias > 8 * standardError);
    assertTrue("mean squared error " + squared, squared <= star * 1.2);
    assertTrue("coverage " + covered, covered >= 0.93 * replications);
    assertTrue("coverage " + covered, covered <= 0.985 * replications);
  }

  private static int[] draw(double[] rates, int[] samples, SplittableRandom random) {
    int[] correct = new int[rates.length];
    for (int i = 0; i < rates.length; i++) {
      for (int j = 0; j < samples[i]; j++) {
        correct[i] += random.nextDouble() < rates[i] ? 1 : 0;
      }
    }
    return correct;
  }
}
