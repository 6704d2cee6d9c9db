package io.mathbeam.core.report.html;

/**
 * A point estimate with its 95% confidence interval; {@code lower}/{@code upper} are NaN when there
 * is no interval, and {@code value} is NaN when the metric is undefined.
 */
public record Estimate(double value, double lower, double upper) {
  /** A point estimate without a confidence interval. */
  public static Estimate of(double value) {
    return new Estimate(value, Double.NaN, Double.NaN);
  }

  /** True when both interval ends are finite numbers. */
  public boolean hasInterval() {
    return Double.isFinite(lower) && Double.isFinite(upper);
  }
}
