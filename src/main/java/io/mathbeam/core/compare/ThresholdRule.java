package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;
import java.util.Locale;

/**
 * The candidate's value must be at least {@code expected - tolerance}, and with {@code twoSided}
 * also at most {@code expected + tolerance}. The value is over the problems both runs share.
 */
public record ThresholdRule(
    String dataset, MetricName metric, double expected, double tolerance, boolean twoSided)
    implements GateRule {
  /** Absorbs rounding in expected - tolerance (0.35 - 0.05 is 0.29999999999999993). */
  private static final double SLACK = 1e-9;

  public double lowest() {
    return expected - tolerance;
  }

  public double highest() {
    return expected + tolerance;
  }

  @Override
  public String describe() {
    return twoSided
        ? String.format(Locale.ROOT, "%s within %.4f +- %.4f", metric, expected, tolerance)
        : String.format(Locale.ROOT, "%s >= %.4f", metric, lowest());
  }

  /** Checks the candidate's value of the metric of one compared dataset. */
  public RuleResult evaluate(String datasetId, MetricComparison comparison) {
    double value = comparison.candidate();
    if (value < lowest() - SLACK) {
      return RuleResult.fail(
          this,
          datasetId,
          String.format(
              Locale.ROOT,
              "candidate %s = %.4f is below %.4f (expected %.4f - tolerance %.4f)",
              metric,
              value,
              lowest(),
              expected,
              tolerance));
    }
    if (twoSided && value > highest() + SLACK) {
      return RuleResult.fail(
          this,
          datasetId,
          String.format(
              Locale.ROOT,
              "candidate %s = %.4f is above %.4f (expected %.4f + tolerance %.4f)",
              metric,
              value,
              highest(),
              expected,
              tolerance));
    }
    return RuleResult.pass(
        this, datasetId, String.format(Locale.ROOT, "candidate %s = %.4f", metric, value));
  }
}
