package io.mathbeam.pipelines.bench;

import java.util.Locale;

/**
 * One target of {@code bench-gate}: a measured figure, the bound it must meet, and whether it does.
 *
 * @param figure what was measured and its value, e.g. "coverage aime-like K=4 pass@1 95.1%"
 * @param bound the bound, e.g. "in [93.0, 96.5]%"
 */
record CalibrationTarget(String figure, String bound, boolean met) {

  /**
   * A coverage target of at least 94% for a nominal 95% interval, the figure with its Monte Carlo
   * standard error (0.2 points at 10,000 replications, 0.7 at 1,000: a true 94.6% then reads below
   * 94% one time in five).
   */
  static CalibrationTarget coverage(String label, int covered, int replications) {
    double share = (double) covered / replications;
    return new CalibrationTarget(
        String.format(
            Locale.ROOT,
            "coverage %s %.1f%% (Monte Carlo SE %.2f)",
            label,
            100 * share,
            100 * Math.sqrt(share * (1 - share) / replications)),
        ">= 94%",
        share >= 0.94);
  }

  String line() {
    return String.format(
        Locale.ROOT, "  %-7s %s; target %s", met ? "MET" : "MISSED", figure, bound);
  }
}
