package io.mathbeam.core.stats;

/**
 * The variance of per-problem pass@1 split into its sources (see docs/STATISTICS.md).
 *
 * @param between the variance of the problems' true success rates
 * @param within the mean variance of one sample's outcome around its problem's rate, theta(1-theta)
 * @param problems N
 */
public record VarianceComponents(double between, double within, int problems) {

  /** The expected standard error of pass@1 had each problem been sampled {@code k} times. */
  public double standardError(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("need k >= 1, got " + k);
    }
    return Math.sqrt((between + within / k) / problems);
  }

  /** The same for the fixed problems: only the samples' noise, {@code sqrt(within / (k N))}. */
  public double fixedProblemsStandardError(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("need k >= 1, got " + k);
    }
    return Math.sqrt(within / ((double) k * problems));
  }
}
