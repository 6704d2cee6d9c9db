package io.mathbeam.core.stats;

/**
 * Rows of binomial coefficients scaled by {@code 2^(-s/2)}: {@code row(s)[v] = C(s,v) 2^(-s/2)}.
 * The scale keeps every entry within {@code 2^(+-s/2)}, and scales multiply across disjoint pools
 * of samples, so products over a whole problem stay in double range for s up to about 2000.
 *
 * <p>Rows up to {@value #SHARED_MAX} live in one table for the whole JVM (about 260 KB), built
 * once; larger rows are rare and computed on each call.
 */
final class ScaledBinomials {
  static final int SHARED_MAX = 256;
  private static final double[][] SHARED = new double[SHARED_MAX + 1][];

  static {
    for (int s = 0; s <= SHARED_MAX; s++) {
      SHARED[s] = compute(s);
    }
  }

  private ScaledBinomials() {}

  /** The row for pool size s; callers must not modify it. */
  static double[] row(int s) {
    return s <= SHARED_MAX ? SHARED[s] : compute(s);
  }

  private static double[] compute(int s) {
    double[] row = new double[s + 1];
    row[0] = Math.pow(2.0, -0.5 * s);
    for (int v = 1; v <= s; v++) {
      row[v] = row[v - 1] * (s - v + 1) / v;
    }
    return row;
  }
}
