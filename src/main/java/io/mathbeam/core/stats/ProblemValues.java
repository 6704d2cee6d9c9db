package io.mathbeam.core.stats;

import java.util.List;

/**
 * One problem's value of each metric of a list (pass@k and maj@k), from its own samples: pass@k by
 * the unbiased estimator ({@link PassAtK}, tabulated by n and c), maj@k as the exact mean over all
 * k-subsets ({@link MajorityAtK}), and maj@n, the vote of all n samples with ties shared, directly,
 * so that it needs no subset sums (and no limit on n). The headline intervals and {@code compare}
 * both take their per-problem values from here.
 */
public final class ProblemValues {
  private final int[] passIndex;
  private final int[] majKs;
  private final int[] majIndex;
  private final PassAtKTable passTable;

  public ProblemValues(List<MetricName> metrics) {
    int passes = (int) metrics.stream().filter(m -> m.kind() == MetricKind.PASS).count();
    int[] passKs = new int[passes];
    passIndex = new int[passes];
    majKs = new int[metrics.size() - passes];
    majIndex = new int[majKs.length];
    int p = 0;
    int q = 0;
    for (int i = 0; i < metrics.size(); i++) {
      MetricName m = metrics.get(i);
      if (m.kind() == MetricKind.PASS) {
        passKs[p] = m.k();
        passIndex[p++] = i;
      } else {
        majKs[q] = m.k();
        majIndex[q++] = i;
      }
    }
    passTable = new PassAtKTable(passKs);
  }

  /**
   * Fills {@code out} (one slot per metric) for a problem of n samples, c correct; {@code votes}
   * (its answer clusters) may be null when no maj@k is asked. Every k must be at most n.
   */
  public void fill(int samples, int correct, ProblemVotes votes, double[] out) {
    double[] pass = passTable.row(samples, correct);
    for (int i = 0; i < pass.length; i++) {
      out[passIndex[i]] = pass[i];
    }
    if (majKs.length == 0) {
      return;
    }
    int largestBelowN = 0;
    for (int k : majKs) {
      if (k > samples) {
        throw new IllegalArgumentException(
            "maj@" + k + " of a problem with " + samples + " samples");
      }
      if (k < samples) {
        largestBelowN = Math.max(largestBelowN, k);
      }
    }
    double[] upTo = largestBelowN > 0 ? MajorityAtK.upToK(votes, largestBelowN) : null;
    for (int i = 0; i < majKs.length; i++) {
      out[majIndex[i]] = majKs[i] < samples ? upTo[majKs[i] - 1] : majorityOfAll(votes);
    }
  }

  /** maj@n: the vote of all samples, ties shared, 0 when nobody voted. */
  private static double majorityOfAll(ProblemVotes votes) {
    int top = 0;
    int tied = 0;
    int correctTied = 0;
    for (int i = 0; i < votes.clusterCount(); i++) {
      int size = votes.clusterSize(i);
      if (size > top) {
        top = size;
        tied = 0;
        correctTied = 0;
      }
      if (size == top) {
        tied++;
        correctTied += votes.isClusterCorrect(i) ? 1 : 0;
      }
    }
    return tied == 0 ? 0.0 : (double) correctTied / tied;
  }
}
