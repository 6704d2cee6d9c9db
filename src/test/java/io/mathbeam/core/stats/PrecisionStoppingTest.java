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

  @Test
  public void degreesOfFreedomCountTheProblemsThatShowTheirSpread() {
    // 30 problems of 2 samples, 7 of them split: each u = 1/2, its variance bounded by u^2 = 1/4;
    // with weights 1/2 the estimate 7 * 1/4 over a variance 7 / 16 has 2 * 49/16 / (7/16) = 14
    int[] samples = fill(30, 2);
    int[] correct = new int[30];
    for (int i = 0; i < 30; i++) {
      correct[i] = i < 7 ? 1 : i < 20 ? 0 : 2;
    }
    double[] half = new double[30];
    Arrays.fill(half, 0.5);
    assertEquals(14.0, PrecisionStopping.degreesOfFreedom(samples, correct, half, 1.75), 1e-9);
    // twice as many split problems, twice the degrees
    for (int i = 7; i < 14; i++) {
      correct[i] = 1;
    }
    assertEquals(28.0, PrecisionStopping.degreesOfFreedom(samples, correct, half, 3.5), 1e-9);
    // nothing but 0 of n and n of n: the prior is all there is, no t
    assertEquals(
        Double.POSITIVE_INFINITY,
        PrecisionStopping.degreesOfFreedom(fill(4, 8), new int[] {0, 8, 0, 8}, half, 0.1),
        0.0);
    // one sample of every problem: nothing known of the spread
    assertEquals(
        1.0, PrecisionStopping.degreesOfFreedom(fill(3, 1), new int[] {0, 1, 1}, half, 0.1), 0.0);
    assertEquals(SamplingPrecision.Z95, PrecisionStopping.quantile95(Double.POSITIVE_INFINITY), 0);
    assertEquals(2.1447866879169273, PrecisionStopping.quantile95(14), 1e-6);
    assertEquals(12.706204736174694, PrecisionStopping.quantile95(1), 1e-6);
  }

  /**
   * The interval is the right width at both ends: on a small dataset whose rounds stop after few
   * samples (30 problems, a quarter never and a fifth always solved, +-5 points from rounds of 2),
   * where 1.96 standard errors of an estimated spread covered 90-91%, and on a large one with half
   * its problems always solved (500 problems, +-2 points), where a prior of half a success and a
   * failure for every problem covered 99% and drew 1.5x the samples a right-width interval needs.
   */
  @Test
  public void intervalsCoverNearNinetyFivePercentOnSmallAndLopsidedDatasets() {
    double small = coverage(new SplittableRandom(5), 30, 0.25, 0.20, 0.05, 2000);
    assertTrue("30 problems: coverage " + small, small >= 0.935 && small <= 0.97);
    double lopsided = coverage(new SplittableRandom(6), 500, 0.02, 0.50, 0.02, 1000);
    assertTrue("500 problems: coverage " + lopsided, lopsided >= 0.93 && lopsided <= 0.97);
  }

  /** Rounds from 2 samples per problem to +-target; the share of runs whose interval covers. */
  private static double coverage(
      SplittableRandom random, int problems, double never, double always, double target, int runs) {
    PrecisionStopping rule = new PrecisionStopping(target, 512);
    int covered = 0;
    for (int run = 0; run < runs; run++) {
      double[] rates = new double[problems];
      double truth = 0;
      for (int i = 0; i < problems; i++) {
        double u = random.nextDouble();
        rates[i] =
            u < never
                ? 0.0
                : u < never + always
                    ? 1.0
                    : Math.pow(Math.sin(Math.PI * random.nextDouble() / 2), 2);
        truth += rates[i] / problems;
      }
      int[] correct = new int[problems];
      int k = 0;
      int next = 2;
      PrecisionStopping.Decision d;
      while (true) {
        for (int i = 0; i < problems; i++) {
          for (int j = k; j < next; j++) {
            correct[i] += random.nextDouble() < rates[i] ? 1 : 0;
          }
        }
        k = next;
        d = rule.decide(fill(problems, k), correct);
        if (d.status() != PrecisionStopping.Status.MORE) {
          break;
        }
        next = d.nextSamplesPerProblem();
      }
      double mean = 0;
      for (int c : correct) {
        mean += (double) c / k / problems;
      }
      covered += Math.abs(mean - truth) <= d.halfWidth() ? 1 : 0;
    }
    return (double) covered / runs;
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
