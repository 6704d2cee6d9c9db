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
 * @param standardError sqrt(S^2 / N) of the per-problem differences
 * @param test the sign-flip test of the per-problem differences
 * @param differences the per-problem differences themselves, for the gate's margins and power
 */
public record MetricComparison(
    MetricName metric,
    double baseline,
    double candidate,
    double delta,
    double ciLower,
    double ciUpper,
    double standardError,
    SignFlipResult test,
    PairedDifferences differences) {

  /** Two-sided permutation p-value. */
  public double pTwoSided() {
    return test.twoSided();
  }

  /** One-sided p-value against "the candidate dropped". */
  public double pDrop() {
    return test.drop();
  }
}
