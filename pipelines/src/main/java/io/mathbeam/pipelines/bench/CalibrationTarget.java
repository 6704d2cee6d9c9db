package io.mathbeam.pipelines.bench;

import java.util.Locale;

/**
 * One target of {@code bench-gate}: a measured figure, the bound it must meet, and whether it does.
 *
 * @param figure what was measured and its value, e.g. "coverage aime-like K=4 pass@1 95.1%"
 * @param bound the bound, e.g. "in [93.0, 96.5]%"
 */
record CalibrationTarget(String figure, String bound, boolean met) {

  String line() {
    return String.format(
        Locale.ROOT, "  %-7s %s; target %s", met ? "MET" : "MISSED", figure, bound);
  }
}
