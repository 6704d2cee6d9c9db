package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;

/**
 * One rule of a {@link Gate}, applied to one metric of one dataset, or of every dataset. {@link
 * Verdict} applies them: a threshold alone, the drop tests together (family-wise).
 */
public sealed interface GateRule permits ThresholdRule, NoSignificantDropRule {
  /** Every dataset of the baseline run. */
  String ANY_DATASET = "*";

  /** A dataset id, or {@link #ANY_DATASET}. */
  String dataset();

  MetricName metric();

  /** What the rule demands, for reports, e.g. {@code pass@1 >= 0.3000}. */
  String describe();
}
