package io.mathbeam.core.compare;

import java.util.SplittableRandom;

/**
 * Paired sign-flip permutation test on per-problem differences d_i = candidate - baseline.
 *
 * <p>Under the null hypothesis that the two runs are exchangeable on every problem, each d_i is as
 * likely to be -d_i, so the observed sum T = sum d_i is compared with T* = sum s_i d_i over sign
 * vectors s. Zeros are dropped (their sign changes nothing). With m non-zero differences:
 *
 * <ul>
 *   <li>m at most the exact limit: all 2^m sign vectors are enumerated, the observed one among
 *       them, and p = count / 2^m exactly.
 *   <li>otherwise N random sign vectors are drawn and p = (count + 1) / (N + 1): the observed
 *       vector counts as one more draw, which keeps the test valid (P(p <= alpha) <= alpha) and p
 *       never 0.
 * </ul>
 *
 * <p>Ties are decided with a tolerance of 1e-9 of sum |d_i|, so sign vectors whose sums equal the
 * observed one only up to rounding count as "at least as extreme".
 */
public final class SignFlipTest {
  private final int exactLimit;
  private final int monteCarloFlips;

  /**
   * @param exactLimit enumerate when at most this many differences are non-zero (at most 24; the
   *     cost is 2^m)
   * @param monteCarloFlips random sign vectors otherwise
   */
  public SignFlipTest(int exactLimit, int monteCarloFlips) {
    if (exactLimit < 0 || exactLimit > 24 || monteCarloFlips < 1) {
      throw new IllegalArgumentException(
          "need 0 <= exactLimit <= 24 and monteCarloFlips >= 1, got "
              + exactLimit
              + ", "
              + monteCarloFlips);
    }
    this.exactLimit = exactLimit;
    this.monteCarloFlips = monteCarloFlips;
  }

  /** Tests {@code differences}; {@code random} is used only for the Monte Carlo case. */
  public SignFlipResult test(double[] differences, SplittableRandom random) {
    int m = 0;
    double observed = 0;
    double scale = 0;
    for (double d : differences) {
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException("difference is not finite: " + d);
      }
      if (d != 0) {
        m++;
        observed += d;
        scale += Math.abs(d);
      }
    }
    if (m == 0) {
      return new SignFlipResult(0, 1, 1, 0, true, 1);
    }
    double[] nonZero = new double[m];
    int at = 0;
    for (double d : differences) {
      if (d != 0) {
        nonZero[at++] = d;
      }
    }
    double tolerance = 1e-9 * scale;
    double magnitude = Math.abs(observed) - tolerance;
    double dropBound = observed + tolerance;
    long asExtreme = 0;
    long asLow = 0;
    if (m <= exactLimit) {
      long vectors = 1L << m;
      for (long signs = 0; signs < vectors; signs++) {
        double t = 0;
        for (int i = 0; i < m; i++) {
          t += ((signs >>> i) & 1) == 0 ? nonZero[i] : -nonZero[i];
        }
        asExtreme += Math.abs(t) >= magnitude ? 1 : 0;
        asLow += t <= dropBound ? 1 : 0;
      }
      return new SignFlipResult(
          observed, (double) asExtreme / vectors, (double) asLow / vectors, m, true, vectors);
    }
    for (int f = 0; f < monteCarloFlips; f++) {
      double t = 0;
      for (int i = 0; i < m; i += 64) {
        long bits = random.nextLong();
        int top = Math.min(m, i + 64);
        for (int j = i; j < top; j++) {
          t += ((bits >>> (j - i)) & 1) == 0 ? nonZero[j] : -nonZero[j];
        }
      }
      asExtreme += Math.abs(t) >= magnitude ? 1 : 0;
      asLow += t <= dropBound ? 1 : 0;
    }
    double draws = monteCarloFlips + 1.0;
    return new SignFlipResult(
        observed, (asExtreme + 1) / draws, (asLow + 1) / draws, m, false, monteCarloFlips);
  }
}
