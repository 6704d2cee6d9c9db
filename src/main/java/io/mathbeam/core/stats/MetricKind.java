package io.mathbeam.core.stats;

/** The kinds of metric with error bars: pass@k and maj@k. */
public enum MetricKind {
  /** The unbiased pass@k estimator ({@link PassAtK}). */
  PASS("pass"),
  /** The exact expected majority vote over k samples ({@link MajorityAtK}). */
  MAJ("maj");

  private final String label;

  MetricKind(String label) {
    this.label = label;
  }

  /** The name before the {@code @}: {@code pass} or {@code maj}. */
  public String label() {
    return label;
  }
}
