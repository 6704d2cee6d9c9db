package io.mathbeam.core.stats;

import java.util.Arrays;

/**
 * The exact expected maj@k of one problem: the mean, over <em>all</em> k-subsets of its n samples,
 * of the majority vote's score on that subset.
 *
 * <p>Score of one subset: samples that abstain do not vote; the clusters with the most votes win.
 * When t clusters tie for the most votes, the subset scores (number of correct clusters among them)
 * / t, the expectation of breaking the tie uniformly at random. A subset in which nobody votes
 * scores 0.
 *
 * <p>Computation (see docs/STATISTICS.md): for each correct cluster c and each vote count j of c,
 * the number of k-subsets in which c gets j votes, r other clusters also get j and every other
 * cluster fewer is the coefficient of x^k in {@code C(s_c,j) x^j (1+x)^R prod_i L_i(x, y)}, where
 * clusters smaller than j and the abstentions fold into the binomial {@code (1+x)^R} (they cannot
 * reach j), and for each other cluster of size at least j, {@code L_i = sum_{v<j} C(s_i,v) x^v + y
 * C(s_i,j) x^j} tracks ties in the power of y. Such subsets score {@code 1/(r+1)} each. The product
 * is a small dynamic programme over (ties, votes below j); all k come out of one pass.
 *
 * <p>Numerics: every binomial {@code C(s,v)} is stored multiplied by {@code 2^(-s/2)}, so all
 * intermediate values (nonnegative sums of products) lie within {@code 2^(+-n/2)} and the result is
 * divided by {@code C(n,k) 2^(-n/2)}: no overflow or underflow for n up to {@value #MAX_SAMPLES},
 * no cancellation, relative error near machine precision.
 */
public final class MajorityAtK {
  /** The largest sample count the scaled arithmetic supports. */
  public static final int MAX_SAMPLES = 2000;

  private MajorityAtK() {}

  /** Expected maj@k for one k, 1 <= k <= n. Cheaper than {@link #allK} for small k. */
  public static double estimate(ProblemVotes votes, int k) {
    if (k < 1 || k > votes.samples()) {
      throw new IllegalArgumentException("need 1 <= k <= n=" + votes.samples() + ", got " + k);
    }
    return upToK(votes, k)[k - 1];
  }

  /** Expected maj@k for k = 1..n, index k-1. */
  public static double[] allK(ProblemVotes votes) {
    return upToK(votes, votes.samples());
  }

  /**
   * Expected maj@k for k = 1..maxK, index k-1; subsets larger than maxK are never counted, so this
   * costs less than {@link #allK} when maxK is well below n.
   */
  public static double[] upToK(ProblemVotes votes, int maxK) {
    int m = votes.clusterCount();
    int[] sizes = new int[m];
    boolean[] correct = new boolean[m];
    for (int i = 0; i < m; i++) {
      sizes[i] = votes.clusterSize(i);
      correct[i] = votes.isClusterCorrect(i);
    }
    return upToK(sizes, correct, votes.abstentions(), maxK);
  }

  /** As {@link #upToK(ProblemVotes, int)}; clusters of size 0 are allowed and ignored. */
  static double[] upToK(int[] sizes, boolean[] correct, int abstentions, int maxK) {
    int voters = 0;
    int nonEmpty = 0;
    boolean anyCorrect = false;
    for (int i = 0; i < sizes.length; i++) {
      voters += sizes[i];
      if (sizes[i] > 0) {
        nonEmpty++;
        anyCorrect |= correct[i];
      }
    }
    int n = voters + abstentions;
    if (n > MAX_SAMPLES) {
      throw new IllegalArgumentException("maj@k supports n <= " + MAX_SAMPLES + ", got " + n);
    }
    if (maxK < 1 || maxK > n) {
      throw new IllegalArgumentException("need 1 <= maxK <= n=" + n + ", got " + maxK);
    }
    double[] out = new double[maxK];
    if (!anyCorrect) {
      return out;
    }
    if (nonEmpty == 1) {
      // One answer: the subset is right iff it holds at least one voter.
      for (int k = 1; k <= maxK; k++) {
        out[k - 1] = PassAtK.estimate(n, voters, k);
      }
      return out;
    }
    double[] wins = new double[maxK + 1];
    for (int c = 0; c < sizes.length; c++) {
      if (correct[c] && sizes[c] > 0) {
        addWins(c, sizes, n, wins);
      }
    }
    double[] all = ScaledBinomials.row(n);
    for (int k = 1; k <= maxK; k++) {
      out[k - 1] = Math.min(1.0, wins[k] / all[k]);
    }
    return out;
  }

  /**
   * Adds to {@code wins[k]} the tie-weighted count of k-subsets that cluster c wins, for k up to
   * {@code wins.length - 1}.
   */
  private static void addWins(int c, int[] sizes, int n, double[] wins) {
    int maxK = wins.length - 1;
    int[] others = othersDescending(c, sizes);
    int sc = sizes[c];
    double[] cRow = ScaledBinomials.row(sc);
    double[] segment = new double[maxK + 1];
    int bigCount = others.length;
    int bigTotal = sum(others, bigCount);
    boolean segmentEmpty = true;
    for (int j = 1; j <= Math.min(sc, maxK); j++) {
      int nextBig = bigCount;
      while (nextBig > 0 && others[nextBig - 1] < j) {
        nextBig--;
      }
      if (nextBig != bigCount) {
        if (!segmentEmpty) {
          flush(segment, n - sc - bigTotal, wins);
          segmentEmpty = true;
        }
        bigCount = nextBig;
        bigTotal = sum(others, bigCount);
      }
      double[] ties = tieWeighted(others, bigCount, j, maxK - j);
      double weight = cRow[j];
      for (int d = 0; d < ties.length; d++) {
        segment[j + d] += weight * ties[d];
      }
      segmentEmpty = false;
    }
    if (!segmentEmpty) {
      flush(segment, n - sc - bigTotal, wins);
    }
  }

  /**
   * For the first {@code big} clusters of {@code others} (all of size at least j): index d (up to
   * {@code limit}) holds the scaled number of ways those clusters give d votes in total with none
   * above j, each way weighted by 1/(1 + number of them at exactly j).
   */
  private static double[] tieWeighted(int[] others, int big, int j, int limit) {
    int eCap = Math.min(big * (j - 1), limit);
    int rCap = Math.min(big, limit / j);
    int stride = eCap + 1;
    double[] dp = new double[(rCap + 1) * stride];
    double[] next = new double[dp.length];
    dp[0] = 1.0;
    int rMax = 0;
    int eMax = 0;
    for (int i = 0; i < big; i++) {
      double[] row = ScaledBinomials.row(others[i]);
      double atJ = row[j];
      int nextRMax = Math.min(rMax + 1, rCap);
      int nextEMax = Math.min(eMax + j - 1, eCap);
      Arrays.fill(next, 0, (nextRMax + 1) * stride, 0.0);
      for (int r = 0; r <= rMax; r++) {
        int base = r * stride;
        int room = limit - r * j;
        for (int e = 0; e <= Math.min(eMax, room); e++) {
          double value = dp[base + e];
          if (value == 0.0) {
            continue;
          }
          int top = Math.min(j - 1, room - e);
          for (int v = 0; v <= top; v++) {
            next[base + e + v] += value * row[v];
          }
          if (r < rCap && e <= room - j) {
            next[base + stride + e] += value * atJ;
          }
        }
      }
      rMax = nextRMax;
      eMax = nextEMax;
      double[] swap = dp;
      dp = next;
      next = swap;
    }
    double[] ties = new double[Math.min(big * j, limit) + 1];
    for (int r = 0; r <= rMax; r++) {
      double share = 1.0 / (r + 1);
      for (int e = 0; e <= Math.min(eMax, limit - r * j); e++) {
        double value = dp[r * stride + e];
        if (value != 0.0) {
          ties[r * j + e] += value * share;
        }
      }
    }
    return ties;
  }

  /** wins += segment * (1+x)^rest, then clears the segment. */
  private static void flush(double[] segment, int rest, double[] wins) {
    double[] restRow = ScaledBinomials.row(rest);
    int n = wins.length - 1;
    for (int d = 0; d <= n; d++) {
      double value = segment[d];
      if (value == 0.0) {
        continue;
      }
      int top = Math.min(rest, n - d);
      for (int t = 0; t <= top; t++) {
        wins[d + t] += value * restRow[t];
      }
      segment[d] = 0.0;
    }
  }

  private static int[] othersDescending(int c, int[] sizes) {
    int count = 0;
    for (int i = 0; i < sizes.length; i++) {
      if (i != c && sizes[i] > 0) {
        count++;
      }
    }
    int[] others = new int[count];
    int at = 0;
    for (int i = 0; i < sizes.length; i++) {
      if (i != c && sizes[i] > 0) {
        others[at++] = sizes[i];
      }
    }
    Arrays.sort(others);
    for (int i = 0; i < count / 2; i++) {
      int t = others[i];
      others[i] = others[count - 1 - i];
      others[count - 1 - i] = t;
    }
    return others;
  }

  private static int sum(int[] values, int count) {
    int total = 0;
    for (int i = 0; i < count; i++) {
      total += values[i];
    }
    return total;
  }
}
