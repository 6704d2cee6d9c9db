package io.mathbeam.core.stats;

/** How a reported value relates to our estimate. */
public enum ComparisonStatus {
  /** The reported value lies inside our 95% interval. */
  INSIDE_CI,
  /** The reported value lies outside our 95% interval. */
  OUTSIDE_CI,
  /** We did not compute that metric for that dataset. */
  NOT_COMPUTED
}
