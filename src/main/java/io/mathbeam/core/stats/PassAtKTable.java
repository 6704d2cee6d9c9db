package io.mathbeam.core.stats;

import java.util.HashMap;
import java.util.Map;

/** Memoized {@link PassAtK#estimate} for a fixed list of k, keyed by (n, c). */
final class PassAtKTable {
  private final int[] ks;
  private final Map<Integer, double[][]> byN = new HashMap<>();

  PassAtKTable(int[] ks) {
    this.ks = ks.clone();
  }

  /** pass@k for each of the table's k (index into its list), given n samples with c correct. */
  double[] row(int n, int c) {
    double[][] rows = byN.computeIfAbsent(n, size -> new double[size + 1][]);
    double[] row = rows[c];
    if (row == null) {
      row = new double[ks.length];
      for (int i = 0; i < ks.length; i++) {
        row[i] = PassAtK.estimate(n, c, ks[i]);
      }
      rows[c] = row;
    }
    return row;
  }
}
