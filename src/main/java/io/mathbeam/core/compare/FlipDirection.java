package io.mathbeam.core.compare;

/** How a problem's solved status changed from baseline to candidate. */
public enum FlipDirection {
  /** Solved in the baseline, unsolved in the candidate. */
  LOST,
  /** Unsolved in the baseline, solved in the candidate. */
  GAINED
}
