package io.mathbeam.core.compare;

/** The outcome of one gate rule on one dataset. */
public enum RuleStatus {
  PASS,
  /** The candidate regressed by the rule's standard. */
  FAIL,
  /** No data to decide: dataset or metric missing, or fewer than two shared problems. */
  NOT_EVALUABLE
}
