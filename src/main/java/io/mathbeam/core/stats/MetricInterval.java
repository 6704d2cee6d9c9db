package io.mathbeam.core.stats;

import java.io.Serializable;

/**
 * One metric of one scope with its error bar.
 *
 * @param scope a dataset id, {@link ProblemIntervals#MICRO} or {@link ProblemIntervals#MACRO}
 * @param point the estimate on the original data
 * @param standardError sqrt(S^2 / N) of the per-problem values (for the aggregates, the datasets'
 *     combined); NaN for a single problem
 * @param lower the lower end of the 95% interval ({@link JeffreysInterval})
 * @param upper its upper end
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
