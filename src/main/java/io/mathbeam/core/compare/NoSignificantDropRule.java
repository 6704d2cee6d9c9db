package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;
import java.util.Locale;

/**
 * Fails when the candidate is significantly worse than the baseline: the one-sided "drop" sign-flip
 * p-value is below {@code alpha} and the delta is negative.
 */
public record NoSignificantDropRule(String dataset, MetricName metric, double alpha)
    implements GateRule {
  public static final double DEFAULT_ALPHA = 0.05;

  @Override
  public String describe() {
    return String.format(Locale.ROOT, "%s no significant drop (alpha %s)", metric, alpha);
  }

  @Override
  public RuleResult evaluate(String datasetId, MetricComparison c) {
    String figures =
        String.format(
            Locale.ROOT,
            "delta %+.4f [%+.4f, %+.4f], p(drop) = %.4g",
            c.delta(),
            c.ciLower(),
            c.ciUpper(),
            c.pDrop());
    if (c.pDrop() < alpha && c.delta() < 0) {
      return RuleResult.fail(
          this, datasetId, "significant drop of " + metric + ": " + figures + " < " + alpha);
    }
    return RuleResult.pass(this, datasetId, figures);
  }
}
