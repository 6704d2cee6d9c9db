package io.mathbeam.core.compare;

/** The outcome of one gate rule on one dataset. */
public enum RuleStatus {
  PASS,
  /**
   * Passed, but the metric dropped significantly by less than the rule's margin: shown in the
   * outputs, the exit code stays 0.
   */
  WARN,
  /** The candidate regressed by the rule's standard. */
  FAIL,
  /** No data to decide: dataset or metric missing, or fewer than two shared problems. */
  NOT_EVALUABLE
}
