package io.mathbeam.core.stats;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * The 95% interval of a mean of per-problem values in [0, 1] (pass@k, maj@k): the Jeffreys interval
 * of a proportion at the effective sample size the values' variance implies.
 *
 * <p>For values that are 0 or 1 (pass@1 with one sample, pass@K with K samples, most maj@K at large
 * K) the mean is a binomial proportion, where intervals built from the estimated standard error
 * alone (Wald's, a bootstrap's percentiles) undercover when the rarer outcome is rare: 10 unsolved
 * problems in 500, a set where every problem was solved at least once. Jeffreys' interval, the
 * equal-tailed Beta(x + 1/2, n - x + 1/2) posterior interval, is among the ones Brown, Cai and
 * DasGupta (2001, "Interval estimation for a binomial proportion", Statistical Science 16(2))
 * recommend for keeping close to its level there. Values strictly between 0 and 1 carry less
 * variance than binary ones of the same mean; as survey statistics does for clustered samples (Korn
 * and Graubard 1998, Survey Methodology 24(2); Dean and Pagano 2015, Journal of Survey Statistics
 * and Methodology 3(4)), the interval is taken at the effective sample size n = m(1 - m) / v, v =
 * S^2 / N the mean's estimated variance, with x = n m. For binary values n is N - 1 (nearly N); for
 * others it is larger, and the interval then approaches m +- 1.96 sqrt(v).
 *
 * <p>Conventions: a mean of exactly 0 or 1 (no variance to measure) is taken at n = N problems, so
 * that "every problem solved" yields [lower, 1], not [1, 1]; the lower end is 0 when m = 0 and the
 * upper end 1 when m = 1 (Brown et al.'s convention). n never exceeds {@code maxEffectiveSize}, the
 * number of samples behind the mean, which bounds the information in it (the values' variance is at
 * least m(1 - m) / K for pass@1 with K samples each).
 */
public final class JeffreysInterval {
  private JeffreysInterval() {}

  /**
   * {lower, upper} of the interval at {@code confidence}.
   *
   * @param mean the mean of the per-problem values, in [0, 1]
   * @param variance the estimated variance of that mean, S^2 / N
   * @param problems N
   * @param maxEffectiveSize the samples behind the mean (at least N)
   */
  public static double[] of(
      double mean, double variance, int problems, double maxEffectiveSize, double confidence) {
    double m = Math.min(1, Math.max(0, mean));
    double size;
    if (m == 0 || m == 1 || !(variance > 0)) {
      size = m == 0 || m == 1 ? problems : maxEffectiveSize;
    } else {
      size = Math.min(maxEffectiveSize, m * (1 - m) / variance);
    }
    double successes = m * size;
    BetaDistribution posterior = new BetaDistribution(successes + 0.5, size - successes + 0.5);
    double tail = (1 - confidence) / 2;
    double lower = m == 0 ? 0 : Math.min(m, posterior.inverseCumulativeProbability(tail));
    double upper = m == 1 ? 1 : Math.max(m, posterior.inverseCumulativeProbability(1 - tail));
    return new double[] {lower, upper};
  }
}
