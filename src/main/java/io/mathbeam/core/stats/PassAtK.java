package io.mathbeam.core.stats;

/**
 * The unbiased pass@k estimator of Chen et al. (2021): the probability that at least one of k
 * samples drawn without replacement from n is correct, given c correct among the n.
 *
 * <p>{@code 1 - C(n-c, k) / C(n, k)} is computed as {@code 1 - prod_{i=n-c+1..n} (1 - k/i)}, which
 * never forms the huge binomials and stays accurate for n in the thousands.
 */
public final class PassAtK {
  private PassAtK() {}

  public static double estimate(int n, int c, int k) {
    if (n < 1 || c < 0 || c > n || k < 1 || k > n) {
      throw new IllegalArgumentException(
          "need 1 <= k <= n and 0 <= c <= n, got n=" + n + " c=" + c + " k=" + k);
    }
    if (n - c < k) {
      return 1.0;
    }
    double allWrong = 1.0;
    for (int i = n - c + 1; i <= n; i++) {
      allWrong *= 1.0 - (double) k / i;
    }
    return 1.0 - allWrong;
  }

  /** pass@k for k = 1..n, index k-1. */
  public static double[] curve(int n, int c) {
    double[] out = new double[n];
    for (int k = 1; k <= n; k++) {
      out[k - 1] = estimate(n, c, k);
    }
    return out;
  }
}
