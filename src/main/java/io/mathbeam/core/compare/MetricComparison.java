package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;

/**
 * One metric of one dataset in both runs, over the problems the runs share.
 *
 * @param baseline the baseline's value (mean over shared problems)
 * @param candidate the candidate's value
 * @param delta candidate - baseline
 * @param ciLower lower end of the paired bootstrap interval of the delta
 * @param ciUpper upper end
 * @param standardError standard deviation of the bootstrap deltas
 * @param test the sign-flip test of the per-problem differences
 */
public record MetricComparison(
    MetricName metric,
    double baseline,
    double candidate,
    double delta,
    double ciLower,
    double ciUpper,
    double standardError,
    SignFlipResult test) {

  /** Two-sided permutation p-value. */
  public double pTwoSided() {
    return test.twoSided();
  }

  /** One-sided p-value against "the candidate dropped". */
  public double pDrop() {
    return test.drop();
  }
}
