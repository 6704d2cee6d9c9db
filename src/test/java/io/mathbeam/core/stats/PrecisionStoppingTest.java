package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.Test;

public class PrecisionStoppingTest {
  @Test
  public void noneOfNIsNotCertainty() {
    int[] samples = new int[30];
    Arrays.fill(samples, 4);
    PrecisionStopping.Decision d = new PrecisionStopping(0.005, 64).decide(samples, new int[30]);
    // 120 failures: about Jeffreys' half-width for the pooled samples, not zero
    assertTrue(d.toString(), d.halfWidth() > 0.008 && d.halfWidth() < 0.02);
    assertEquals(PrecisionStopping.Status.MORE, d.status());
    assertTrue(d.toString(), d.nextSamplesPerProblem() > 4);
  }

  @Test
  public void reachedCeilingAndMore() {
    int[] samples = {4, 4, 4, 4};
    int[] correct = {1, 2, 3, 2};
    PrecisionStopping loose = new PrecisionStopping(0.5, 64);
    assertEquals(PrecisionStopping.Status.REACHED, loose.decide(samples, correct).status());
    PrecisionStopping capped = new PrecisionStopping(0.01, 4);
    assertEquals(PrecisionStopping.Status.CEILING, capped.decide(samples, correct).status());
    PrecisionStopping.Decision more = new PrecisionStopping(0.05, 1000).decide(samples, correct);
    assertEquals(PrecisionStopping.Status.MORE, more.status());
    // about 1.96^2 * 0.25 / (4 * 0.05^2) = 96, somewhat less under the prior's shrinkage
    assertTrue(more.toString(), more.nextSamplesPerProblem() > 60);
    assertTrue(more.toString(), more.nextSamplesPerProblem() <= 96);
  }

  @Test
  public void badTargetsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new PrecisionStopping(0, 8));
    assertThrows(IllegalArgumentException.class, () -> new PrecisionStopping(0.6, 8));
  }

  /**
   * Rounds on a simulated mix with known rates end where the smallest uniform K that reaches the
   * target by the same rule would, or at most a little past it, and the interval they end with
   * covers the fixed problems' mean rate about 95% of the time.
   */
  @Test
  public void roundsStopNearTheSmallestUniformKAndCover() {
    SplittableRandom random = new SplittableRandom(21);
    int problems = 100;
    double[] rates = new double[problems];
    double truth = 0;
    for (int i = 0; i < problems; i++) {
      double u = random.nextDouble();
      rates[i] = u < 0.3 ? 0.0 : u < 0.5 ? 1.0 : random.nextDouble();
      truth += rates[i] / problems;
    }
    PrecisionStopping rule = new PrecisionStopping(0.03, 256);
    int runs = 300;
    int covered = 0;
    double adaptiveSamples = 0;
    double uniformSamples = 0;
    for (int run = 0; run < runs; run++) {
      // one stream of outcomes per problem, shared by the adaptive and the uniform reading
      boolean[][] outcomes = new boolean[problems][256];
      for (int i = 0; i < problems; i++) {
        for (int j = 0; j < 256; j++) {
          outcomes[i][j] = random.nextDouble() < rates[i];
        }
      }
      int k = 4;
      PrecisionStopping.Decision d;
      while (true) {
        d = rule.decide(fill(problems, k), correct(outcomes, k));
        if (d.status() != PrecisionStopping.Status.MORE) {
          break;
        }
        k = d.nextSamplesPerProblem();
      }
      int[] c = correct(outcomes, k);
      double mean = 0;
      for (int i = 0; i < problems; i++) {
        mean += (double) c[i] / k / problems;
      }
      double fixedMean = 0;
      for (int i = 0; i < problems; i++) {
        fixedMean += rates[i] / problems;
      }
      if (Math.abs(mean - fixedMean) <= d.halfWidth()) {
        covered++;
      }
      adaptiveSamples += k;
      int uniform = 1;
      while (rule.decide(fill(problems, uniform), correct(outcomes, uniform)).status()
          == PrecisionStopping.Status.MORE) {
        uniform++;
      }
      uniformSamples += uniform;
    }
    double coverage = (double) covered / runs;
    double ratio = adaptiveSamples / uniformSamples;
    assertTrue("coverage " + coverage, coverage >= 0.93);
    assertTrue("samples relative to the smallest uniform K: " + ratio, ratio <= 1.15);
    assertTrue(truth > 0);
  }

  private static int[] fill(int n, int k) {
    int[] out = new int[n];
    Arrays.fill(out, k);
    return out;
  }

  private static int[] correct(boolean[][] outcomes, int k) {
    int[] out = new int[outcomes.length];
    for (int i = 0; i < outcomes.length; i++) {
      for (int j = 0; j < k; j++) {
        out[i] += outcomes[i][j] ? 1 : 0;
      }
    }
    return out;
  }
}
