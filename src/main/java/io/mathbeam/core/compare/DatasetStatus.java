package io.mathbeam.core.compare;

/** Whether a dataset could be compared. */
public enum DatasetStatus {
  /** At least two shared problems: metrics, intervals and tests computed. */
  COMPARED,
  /** Fewer than two shared problems: nothing computed, gate rules on it cannot be evaluated. */
  TOO_FEW_SHARED
}
