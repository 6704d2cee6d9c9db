package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.SplittableRandom;
import org.junit.Test;

public class SamplingPrecisionTest {
  @Test
  public void closedFormsOnASmallCase() {
    // rates 1/4 and 3/4: within = mean of (3/16 * 4/3) = 0.25; between = S^2 - within * mean(1/n)
    SamplingPrecision p = SamplingPrecision.of(new int[] {4, 4}, new int[] {1, 3});
    assertEquals(0.25, p.withinVariance(), 1e-12);
    // sigma^2's estimate 0.25 * (1/4 + 1/4) has 2 * 0.125^2 / (2 * 0.25^2 / 4^2) = 4 degrees of
    // freedom (each u = 1/4 of 4 samples, no theta^2 (1 - theta)^2 estimate at one success):
    // t_4 = 2.7764, not 1.96, standard errors
    assertEquals(2.7764451051977987 * Math.sqrt(0.25 * 0.5) / 2, p.halfWidth(), 1e-6);
    assertEquals(
        SamplingPrecision.Z95 * Math.sqrt(0.0625 / 2), p.problemSamplingHalfWidth(), 1e-12);
    // +-10 points: 1.96^2 * 0.25 / (2 * 0.01) = 48.02 -> 49
    assertEquals(49, p.samplesPerProblemFor(0.10));
    assertTrue(p.halfWidthAt(49) <= 0.10);
    assertTrue(p.halfWidthAt(48) > 0.10);
  }

  @Test
  public void unknownWithoutTwoSamplesOfAnyProblem() {
    SamplingPrecision p = SamplingPrecision.of(new int[] {1, 1, 1}, new int[] {0, 1, 1});
    assertTrue(Double.isNaN(p.halfWidth()));
    assertEquals(-1, p.samplesPerProblemFor(0.01));
  }

  @Test
  public void noSpreadWithinProblemsNeedsOneSample() {
    SamplingPrecision p = SamplingPrecision.of(new int[] {8, 8, 8}, new int[] {0, 8, 8});
    assertEquals(0.0, p.halfWidth(), 0.0);
    assertEquals(1, p.samplesPerProblemFor(0.01));
  }

  /**
   * With known rates: a run of K samples per problem projects the K for +-h; runs at that K reach
   * +-h (their true sampling half-width), and their fixed-problems 95% intervals cover the fixed
   * problems' mean rate about 95% of the time.
   */
  @Test
  public void theProjectedKReachesItsHalfWidthAndCoversInSimulation() {
    SplittableRandom random = new SplittableRandom(28);
    int problems = 200;
    double[] rates = new double[problems];
    double trueMean = 0;
    double trueWithin = 0;
    for (int i = 0; i < problems; i++) {
      // a U-shaped mix, as reasoning benchmarks have: many problems near 0 or 1
      double u = random.nextDouble();
      rates[i] = u * u * (3 - 2 * u);
      trueMean += rates[i] / problems;
      trueWithin += rates[i] * (1 - rates[i]) / problems;
    }
    double target = 0.02;
    int[] projected = new int[400];
    int covered = 0;
    for (int rep = 0; rep < projected.length; rep++) {
      int k = 8;
      int[] samples = new int[problems];
      int[] correct = new int[problems];
      double mean = 0;
      for (int i = 0; i < problems; i++) {
        samples[i] = k;
        for (int j = 0; j < k; j++) {
          correct[i] += random.nextDouble() < rates[i] ? 1 : 0;
        }
        mean += (double) correct[i] / k / problems;
      }
      SamplingPrecision p = SamplingPrecision.of(samples, correct);
      projected[rep] = p.samplesPerProblemFor(target);
      if (Math.abs(mean - trueMean) <= p.halfWidth()) {
        covered++;
      }
    }
    double exactK =
        SamplingPrecision.Z95 * SamplingPrecision.Z95 * trueWithin / (problems * target * target);
    double meanProjected = 0;
    for (int k : projected) {
      meanProjected += (double) k / projected.length;
    }
    // the projection is centred on the exact K (its own ceiling adds at most one)
    assertTrue(meanProjected + " vs " + exactK, Math.abs(meanProjected - exactK) < 1.0);
    double coverage = (double) covered / projected.length;
    assertTrue("coverage " + coverage, coverage > 0.92 && coverage < 0.98);
  }
}
