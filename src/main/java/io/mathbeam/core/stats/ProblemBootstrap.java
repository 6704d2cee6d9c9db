package io.mathbeam.core.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Error bars for a mean of per-problem values (pass@k, maj@k, or a paired difference of them) by
 * resampling problems, and only problems.
 *
 * <p>Each problem's value is already an unbiased estimate of that problem's metric from its own
 * samples, so the spread of the values across problems holds both sources of noise: which problems
 * were chosen and which samples were drawn. Resampling the problems reproduces the variance of
 * their mean; resampling each drawn problem's samples again on top would count the samples' noise
 * twice (docs/STATISTICS.md). The intervals cover the population's mean, the value over the
 * problems the benchmark stands for, when problems are drawn again.
 *
 * <p>The interval is the expanded percentile interval (Hesterberg 2015, "What teachers should know
 * about the bootstrap", The American Statistician 69(4), section 6.2): the percentile interval at
 * tail probability Phi(-sqrt(N/(N-1)) t_{N-1}), which corrects the bootstrap's narrowness for a
 * mean of few problems (its variance is (N-1)/N of the mean's) and keeps the percentile interval's
 * asymmetry; at N = 500 it is the percentile interval to within 0.1% of its width.
 */
public final class ProblemBootstrap {
  private static final NormalDistribution NORMAL = new NormalDistribution();

  private ProblemBootstrap() {}

  /**
   * Means of {@code values[metric][problem]} over problems drawn with replacement, the same draws
   * for every metric: {@code [metric][replicate]}.
   */
  public static double[][] replicateMeans(
      double[][] values, int replicates, SplittableRandom random) {
    int problems = values.length == 0 ? 0 : values[0].length;
    if (problems == 0) {
      throw new IllegalArgumentException("no problems to resample");
    }
    double[][] out = new double[values.length][replicates];
    int[] drawn = new int[problems];
    for (int b = 0; b < replicates; b++) {
      for (int j = 0; j < problems; j++) {
        drawn[j] = random.nextInt(problems);
      }
      for (int m = 0; m < values.length; m++) {
        double[] row = values[m];
        double sum = 0;
        for (int i : drawn) {
          sum += row[i];
        }
        out[m][b] = sum / problems;
      }
    }
    return out;
  }

  /** The mean of {@code values}. */
  public static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  /**
   * The standard error of the mean of independent per-problem values, sqrt(S^2 / N) with S^2 the
   * sample variance; NaN for fewer than two values.
   */
  public static double standardErrorOfMean(double[] values) {
    int n = values.length;
    if (n < 2) {
      return Double.NaN;
    }
    double mean = mean(values);
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return Math.sqrt(squares / (n - 1) / n);
  }

  /**
   * The probability in each tail of the expanded percentile interval of a mean of {@code problems}
   * values at {@code confidence}: Phi(-sqrt(N/(N-1)) t_{N-1, (1+confidence)/2}). With fewer than
   * two problems, the plain (1 - confidence) / 2.
   */
  public static double tailProbability(int problems, double confidence) {
    double plain = (1 - confidence) / 2;
    if (problems < 2) {
      return plain;
    }
    double t = new TDistribution(problems - 1).inverseCumulativeProbability(1 - plain);
    return NORMAL.cumulativeProbability(-Math.sqrt(problems / (problems - 1.0)) * t);
  }

  /**
   * The expanded percentile interval {lower, upper} of the replicates of a mean of {@code problems}
   * values.
   */
  public static double[] interval(double[] replicates, int problems, double confidence) {
    double[] sorted = replicates.clone();
    Arrays.sort(sorted);
    double tail = tailProbability(problems, confidence);
    return new double[] {quantile(sorted, tail), quantile(sorted, 1 - tail)};
  }

  /**
   * The q-quantile with linear interpolation between order statistics (position q(B-1), the "type
   * 7" rule of R and NumPy's default).
   */
  public static double quantile(double[] sorted, double q) {
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
  }
}
