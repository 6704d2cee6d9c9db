package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.PassAtK;
import io.mathbeam.core.stats.ProblemBootstrap;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The product's pass@k interval before the problem-only bootstrap, kept here as the benchmark's
 * point of comparison: each replicate draws the N problems with replacement and then, for each
 * drawn problem, its K samples again (its correct count as Binomial(K, c / K)), and the interval is
 * the plain 2.5th to 97.5th percentile of the replicates. Redrawing the samples adds their noise a
 * second time on top of the problems' spread, which already holds it.
 */
final class TwoStageBootstrap {
  private TwoStageBootstrap() {}

  /**
   * {lower, upper} of pass@k for each of {@code ks}, from the problems' correct counts out of
   * {@code samples} each.
   */
  static double[][] passIntervals(
      int[] correct, int samples, int[] ks, int replicates, SplittableRandom random) {
    int problems = correct.length;
    double[][] value = new double[ks.length][samples + 1];
    for (int q = 0; q < ks.length; q++) {
      for (int c = 0; c <= samples; c++) {
        value[q][c] = PassAtK.estimate(samples, c, ks[q]);
      }
    }
    double[][] means = new double[ks.length][replicates];
    for (int r = 0; r < replicates; r++) {
      double[] sums = new double[ks.length];
      for (int j = 0; j < problems; j++) {
        int c = correct[random.nextInt(problems)];
        // a problem with no correct sample, or only correct ones, redraws to the same count
        int redrawn = c == 0 || c == samples ? c : redraw(c, samples, random);
        for (int q = 0; q < ks.length; q++) {
          sums[q] += value[q][redrawn];
        }
      }
      for (int q = 0; q < ks.length; q++) {
        means[q][r] = sums[q] / problems;
      }
    }
    double[][] out = new double[ks.length][];
    for (int q = 0; q < ks.length; q++) {
      Arrays.sort(means[q]);
      out[q] =
          new double[] {
            ProblemBootstrap.quantile(means[q], 0.025), ProblemBootstrap.quantile(means[q], 0.975)
          };
    }
    return out;
  }

  /** K draws of a sample index: correct when it falls among the c correct samples. */
  private static int redraw(int correct, int samples, SplittableRandom random) {
    int out = 0;
    for (int s = 0; s < samples; s++) {
      if (random.nextInt(samples) < correct) {
        out++;
      }
    }
    return out;
  }
}
