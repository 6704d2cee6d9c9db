package io.mathbeam.core.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Closed-form, problem-level (clustered) standard errors of pass@1, and how they would shrink with
 * more samples per problem. Formulas and derivation: docs/STATISTICS.md.
 */
public final class PassAtOneStandardError {
  private PassAtOneStandardError() {}

  /**
   * {@code sqrt( sum_i (p_i - pbar)^2 / (N (N-1)) )} with {@code p_i = c_i / n_i}: the standard
   * error of the mean of the per-problem rates, treating problems as the sampled units. NaN for
   * fewer than 2 problems.
   */
  public static double of(Collection<ProblemVotes> problems) {
    return of(samples(problems), correct(problems));
  }

  /** As {@link #of(Collection)}, from parallel arrays of n_i and c_i. */
  public static double of(int[] samples, int[] correct) {
    double[] rates = rates(samples, correct);
    int n = rates.length;
    if (n < 2) {
      return Double.NaN;
    }
    return Math.sqrt(sampleVariance(rates) / n);
  }

  /**
   * The between/within decomposition: within = mean over problems with n_i >= 2 of the unbiased
   * {@code p_i (1 - p_i) n_i / (n_i - 1)}; between = max(0, S^2 - within * mean_i(1/n_i)), S^2 the
   * sample variance of the p_i. Needs at least 2 problems.
   */
  public static VarianceComponents components(int[] samples, int[] correct) {
    double[] rates = rates(samples, correct);
    int n = rates.length;
    if (n < 2) {
      throw new IllegalArgumentException("need at least 2 problems, got " + n);
    }
    double withinSum = 0;
    int withinCount = 0;
    double inverseSamples = 0;
    for (int i = 0; i < n; i++) {
      inverseSamples += 1.0 / samples[i];
      if (samples[i] >= 2) {
        withinSum += rates[i] * (1 - rates[i]) * samples[i] / (samples[i] - 1.0);
        withinCount++;
      }
    }
    double within = withinCount == 0 ? 0.0 : withinSum / withinCount;
    double between = Math.max(0.0, sampleVariance(rates) - within * inverseSamples / n);
    return new VarianceComponents(between, within, n);
  }

  /** As {@link #components(int[], int[])}. */
  public static VarianceComponents components(Collection<ProblemVotes> problems) {
    return components(samples(problems), correct(problems));
  }

  /**
   * The expected standard error of pass@1 for K' = 1, 2, 4, ... up to K, and K itself, where K is
   * the largest n_i.
   */
  public static List<StandardErrorAtK> againstK(Collection<ProblemVotes> problems) {
    int[] samples = samples(problems);
    VarianceComponents components = components(samples, correct(problems));
    int maxK = 0;
    for (int s : samples) {
      maxK = Math.max(maxK, s);
    }
    List<StandardErrorAtK> table = new ArrayList<>();
    for (int k : ProblemIntervals.powersOfTwoAnd(maxK)) {
      table.add(
          new StandardErrorAtK(
              k, components.standardError(k), components.fixedProblemsStandardError(k)));
    }
    return table;
  }

  private static double[] rates(int[] samples, int[] correct) {
    if (samples.length != correct.length) {
      throw new IllegalArgumentException(
          samples.length + " sample counts but " + correct.length + " correct counts");
    }
    double[] rates = new double[samples.length];
    for (int i = 0; i < rates.length; i++) {
      if (samples[i] < 1 || correct[i] < 0 || correct[i] > samples[i]) {
        throw new IllegalArgumentException(
            "problem "
                + i
                + ": need 0 <= c <= n and n >= 1, got n="
                + samples[i]
                + " c="
                + correct[i]);
      }
      rates[i] = (double) correct[i] / samples[i];
    }
    return rates;
  }

  private static double sampleVariance(double[] values) {
    double mean = 0;
    for (double v : values) {
      mean += v;
    }
    mean /= values.length;
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return squares / (values.length - 1);
  }

  private static int[] samples(Collection<ProblemVotes> problems) {
    return problems.stream().mapToInt(ProblemVotes::samples).toArray();
  }

  private static int[] correct(Collection<ProblemVotes> problems) {
    return problems.stream().mapToInt(ProblemVotes::correct).toArray();
  }
}
