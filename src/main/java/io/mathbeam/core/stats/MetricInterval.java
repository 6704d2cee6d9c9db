package io.mathbeam.core.stats;

import java.io.Serializable;

/**
 * One metric of one scope with its bootstrap error bar.
 *
 * @param scope a dataset id, {@link ClusteredBootstrap#MICRO} or {@link ClusteredBootstrap#MACRO}
 * @param point the estimate on the original data
 * @param standardError the standard deviation of the bootstrap replicates
 * @param lower the 2.5th percentile of the replicates
 * @param upper the 97.5th percentile of the replicates
 * @param problems the number of problems behind the estimate
 */
public record MetricInterval(
    String scope,
    MetricName metric,
    double point,
    double standardError,
    double lower,
    double upper,
    int problems)
    implements Serializable {

  /** Whether {@code value} lies in the closed interval [lower, upper]. */
  public boolean contains(double value) {
    return value >= lower && value <= upper;
  }
}
