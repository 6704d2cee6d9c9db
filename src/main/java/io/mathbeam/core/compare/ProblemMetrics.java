package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MajorityAtK;
import io.mathbeam.core.stats.MetricKind;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.PassAtK;
import io.mathbeam.core.stats.ProblemVotes;
import io.mathbeam.core.stats.VoteConfiguration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One problem's value of each metric from its correct count and cluster counts. pass@k is tabulated
 * by (n, c); maj@k is memoized by vote configuration, since problems of a run repeat configurations
 * (all samples agreeing, most of all), and maj@n (one subset: all samples) is computed directly.
 */
final class ProblemMetrics {
  /** Bounds the maj@k memo (about 16 MB of values). */
  private static final int MAX_STORED_VALUES = 2_000_000;

  private final List<MetricName> metrics;
  private final Map<Integer, double[][]> passByN = new HashMap<>();
  private final Map<VoteConfiguration, double[]> majByConfiguration = new HashMap<>();
  private final int[] majKs;
  private final int[] majIndex;

  ProblemMetrics(List<MetricName> metrics) {
    this.metrics = List.copyOf(metrics);
    majKs = metrics.stream().filter(m -> m.kind() == MetricKind.MAJ).mapToInt(m -> m.k()).toArray();
    majIndex = new int[majKs.length];
    int at = 0;
    for (int i = 0; i < metrics.size(); i++) {
      if (metrics.get(i).kind() == MetricKind.MAJ) {
        majIndex[at++] = i;
      }
    }
  }

  int size() {
    return metrics.size();
  }

  /**
   * Fills {@code out} (one per metric) for n samples with {@code correct} correct and the cluster
   * {@code counts} (last = abstentions) whose correctness is {@code categoryCorrect}.
   */
  void values(int n, int correct, int[] counts, boolean[] categoryCorrect, double[] out) {
    double[] pass = passRow(n, correct);
    System.arraycopy(pass, 0, out, 0, pass.length);
    if (majKs.length == 0) {
      return;
    }
    VoteConfiguration key =
        VoteConfiguration.of(
            counts, categoryCorrect, categoryCorrect.length, counts[counts.length - 1]);
    double[] maj = majByConfiguration.get(key);
    if (maj == null) {
      maj = majority(n, counts, categoryCorrect);
      if ((long) (majByConfiguration.size() + 1) * majKs.length <= MAX_STORED_VALUES) {
        majByConfiguration.put(key, maj);
      }
    }
    for (int i = 0; i < majKs.length; i++) {
      out[majIndex[i]] = maj[i];
    }
  }

  /** pass@k per metric (maj@k slots left 0), tabulated. */
  private double[] passRow(int n, int correct) {
    double[][] rows = passByN.computeIfAbsent(n, size -> new double[size + 1][]);
    double[] row = rows[correct];
    if (row == null) {
      row = new double[metrics.size()];
      for (int i = 0; i < row.length; i++) {
        MetricName m = metrics.get(i);
        if (m.kind() == MetricKind.PASS) {
          row[i] = PassAtK.estimate(n, correct, m.k());
        }
      }
      rows[correct] = row;
    }
    return row;
  }

  private double[] majority(int n, int[] counts, boolean[] categoryCorrect) {
    double[] out = new double[majKs.length];
    int maxBelowN = 0;
    for (int k : majKs) {
      if (k < n) {
        maxBelowN = Math.max(maxBelowN, k);
      }
    }
    double[] upTo = null;
    if (maxBelowN > 0) {
      upTo = MajorityAtK.upToK(votes(n, counts, categoryCorrect), maxBelowN);
    }
    for (int i = 0; i < majKs.length; i++) {
      out[i] = majKs[i] < n ? upTo[majKs[i] - 1] : majorityOfAll(counts, categoryCorrect);
    }
    return out;
  }

  /** maj@n: the vote of all samples, ties shared, 0 when nobody voted. */
  private static double majorityOfAll(int[] counts, boolean[] categoryCorrect) {
    int top = 0;
    int tied = 0;
    int correctTied = 0;
    for (int i = 0; i < categoryCorrect.length; i++) {
      if (counts[i] > top) {
        top = counts[i];
        tied = 0;
        correctTied = 0;
      }
      if (counts[i] == top && top > 0) {
        tied++;
        correctTied += categoryCorrect[i] ? 1 : 0;
      }
    }
    return tied == 0 ? 0.0 : (double) correctTied / tied;
  }

  private static ProblemVotes votes(int n, int[] counts, boolean[] categoryCorrect) {
    int clusters = 0;
    int correctVotes = 0;
    for (int i = 0; i < categoryCorrect.length; i++) {
      if (counts[i] > 0) {
        clusters++;
        correctVotes += categoryCorrect[i] ? counts[i] : 0;
      }
    }
    int[] sizes = new int[clusters];
    boolean[] correct = new boolean[clusters];
    int at = 0;
    for (int i = 0; i < categoryCorrect.length; i++) {
      if (counts[i] > 0) {
        sizes[at] = counts[i];
        correct[at++] = categoryCorrect[i];
      }
    }
    // maj@k reads only the clusters; the graded count just has to be valid.
    return new ProblemVotes("", "", n, correctVotes, sizes, correct, counts[counts.length - 1]);
  }
}
