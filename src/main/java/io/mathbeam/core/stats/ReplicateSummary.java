package io.mathbeam.core.stats;

import java.util.Arrays;

/** Standard error and percentile interval of a set of bootstrap replicates. */
final class ReplicateSummary {
  private ReplicateSummary() {}

  /** The sample standard deviation (denominator B-1). */
  static double standardDeviation(double[] values) {
    double mean = 0;
    for (double v : values) {
      mean += v;
    }
    mean /= values.length;
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return Math.sqrt(squares / (values.length - 1));
  }

  /**
   * The q-quantile with linear interpolation between order statistics (position q(B-1), the "type
   * 7" rule of R and NumPy's default).
   */
  static double quantile(double[] sorted, double q) {
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(below + 1, sorted.length - 1);
    double fraction = position - below;
    return sorted[below] + fraction * (sorted[above] - sorted[below]);
  }

  static MetricInterval interval(
      String scope, MetricName metric, double point, double[] replicates, int problems) {
    double[] sorted = replicates.clone();
    Arrays.sort(sorted);
    return new MetricInterval(
        scope,
        metric,
        point,
        standardDeviation(replicates),
        quantile(sorted, 0.025),
        quantile(sorted, 0.975),
        problems);
  }
}
