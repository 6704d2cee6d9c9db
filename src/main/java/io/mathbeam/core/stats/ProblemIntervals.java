package io.mathbeam.core.stats;

import io.mathbeam.core.model.ProblemKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Error bars for pass@k and maj@k with the problem as the unit.
 *
 * <p>Each problem's pass@k and maj@k are computed once from its own samples: unbiased estimates of
 * that problem's values. A dataset's metric is their mean over its N problems; its standard error
 * is sqrt(S^2 / N) of the per-problem values (what resampling problems estimates: the samples are
 * not drawn again, which would count their noise twice), and its 95% interval the {@link
 * JeffreysInterval} at the effective sample size that variance implies. The intervals are for the
 * population of problems the dataset stands for. See docs/STATISTICS.md.
 *
 * <p>Scopes: every dataset, then {@link #MICRO} (all problems pooled, each problem weighing the
 * same) and {@link #MACRO} (the mean of the per-dataset values). Datasets are independent samples,
 * so an aggregate's variance is the weighted sum of theirs. A dataset's metrics run over k up to
 * its smallest n; the aggregates' up to the smallest n overall.
 *
 * <p>Deterministic and independent of input order: nothing is drawn at random.
 */
public final class ProblemIntervals {
  /** Scope of the pooled aggregate. */
  public static final String MICRO = "_micro";

  /** Scope of the mean over datasets. */
  public static final String MACRO = "_macro";

  /** The level of every interval: 95%. */
  public static final double CONFIDENCE = 0.95;

  private final int[] ks;
  private final Map<String, Double> passAtOne;

  /** Every k up to the smallest n. */
  public ProblemIntervals() {
    this(null, Map.of());
  }

  private ProblemIntervals(int[] ks, Map<String, Double> passAtOne) {
    this.ks = ks;
    this.passAtOne = passAtOne;
  }

  /**
   * The same intervals with these problems' pass@1 taken as given (by {@link ProblemKeys}) instead
   * of c / n of their votes: the phased estimates of {@link PhasedDesign}, whose votes hold only
   * the uniform first phase.
   */
  public ProblemIntervals withPassAtOne(Map<String, Double> estimates) {
    return new ProblemIntervals(ks, Map.copyOf(estimates));
  }

  /**
   * The same intervals restricted to these k (maj@k is the expensive part); a k above a scope's
   * smallest n is skipped in that scope.
   */
  public ProblemIntervals withKs(int... ks) {
    int[] sorted = Arrays.stream(ks).sorted().distinct().toArray();
    if (sorted.length == 0 || sorted[0] < 1) {
      throw new IllegalArgumentException("need k >= 1, got " + Arrays.toString(ks));
    }
    return new ProblemIntervals(sorted, passAtOne);
  }

  /** 1, 2, 4, ... up to {@code maxK}, and {@code maxK} itself: a cheap default for large K. */
  public static int[] powersOfTwoAnd(int maxK) {
    List<Integer> out = new ArrayList<>();
    for (int k = 1; k <= maxK; k *= 2) {
      out.add(k);
    }
    if (out.get(out.size() - 1) != maxK) {
      out.add(maxK);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The intervals of every dataset among {@code problems} and of the two aggregates.
   *
   * @throws IllegalArgumentException when there are no problems or a (dataset, problem id) pair
   *     appears twice
   */
  public IntervalReport run(Collection<ProblemVotes> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("no problems to compute intervals for");
    }
    Map<String, List<ProblemVotes>> byDataset = new TreeMap<>();
    for (ProblemVotes p : problems) {
      byDataset.computeIfAbsent(p.datasetId(), d -> new ArrayList<>()).add(p);
    }
    List<String> names = new ArrayList<>(byDataset.keySet());
    List<List<ProblemVotes>> sortedByDataset = new ArrayList<>();
    for (Map.Entry<String, List<ProblemVotes>> e : byDataset.entrySet()) {
      List<ProblemVotes> sorted = new ArrayList<>(e.getValue());
      sorted.sort(Comparator.comparing(ProblemVotes::problemId));
      for (int i = 1; i < sorted.size(); i++) {
        if (sorted.get(i).problemId().equals(sorted.get(i - 1).problemId())) {
          throw new IllegalArgumentException(
              "problem " + e.getKey() + "/" + sorted.get(i).problemId() + " appears twice");
        }
      }
      sortedByDataset.add(sorted);
    }
    // maj@k of every problem is most of the cost; datasets are independent, so in parallel.
    List<DatasetValues> datasets =
        IntStream.range(0, names.size())
            .parallel()
            .mapToObj(i -> values(sortedByDataset.get(i)))
            .toList();
    List<MetricInterval> intervals = new ArrayList<>();
    int smallestN = Integer.MAX_VALUE;
    for (int i = 0; i < names.size(); i++) {
      DatasetValues d = datasets.get(i);
      smallestN = Math.min(smallestN, d.smallestN);
      for (int m = 0; m < d.metrics.size(); m++) {
        double se = d.standardErrors[m];
        intervals.add(
            interval(names.get(i), d.metrics.get(m), d.points[m], se * se, d.problems, d.samples));
      }
    }
    intervals.addAll(aggregate(datasets, smallestN));
    return new IntervalReport(intervals);
  }

  private List<MetricInterval> aggregate(List<DatasetValues> datasets, int smallestN) {
    int total = 0;
    long samples = 0;
    for (DatasetValues d : datasets) {
      total += d.problems;
      samples += d.samples;
    }
    List<MetricInterval> micro = new ArrayList<>();
    List<MetricInterval> macro = new ArrayList<>();
    for (MetricName metric : metrics(kList(smallestN))) {
      double microPoint = 0;
      double macroPoint = 0;
      double microVariance = 0;
      double macroVariance = 0;
      for (DatasetValues d : datasets) {
        int m = d.index.get(metric);
        double weight = (double) d.problems / total;
        double share = 1.0 / datasets.size();
        double variance = d.standardErrors[m] * d.standardErrors[m];
        microPoint += weight * d.points[m];
        macroPoint += share * d.points[m];
        // Datasets are independent samples: the variances of their weighted means add up.
        microVariance += weight * weight * variance;
        macroVariance += share * share * variance;
      }
      micro.add(interval(MICRO, metric, microPoint, microVariance, total, samples));
      macro.add(interval(MACRO, metric, macroPoint, macroVariance, total, samples));
    }
    micro.addAll(macro);
    return micro;
  }

  private DatasetValues values(List<ProblemVotes> problems) {
    int count = problems.size();
    int smallestN = problems.stream().mapToInt(ProblemVotes::samples).min().orElseThrow();
    long samples = problems.stream().mapToLong(ProblemVotes::samples).sum();
    int[] kList = kList(smallestN);
    List<MetricName> metrics = metrics(kList);
    int nk = kList.length;
    double[][] values = new double[2 * nk][count];
    ProblemValues perProblem = new ProblemValues(metrics);
    int passAtOneIndex = metrics.indexOf(MetricName.pass(1));
    double[] row = new double[2 * nk];
    for (int i = 0; i < count; i++) {
      ProblemVotes p = problems.get(i);
      perProblem.fill(p.samples(), p.correct(), p, row);
      Double given = passAtOne.get(ProblemKeys.of(p.datasetId(), p.problemId()));
      if (given != null && passAtOneIndex >= 0) {
        row[passAtOneIndex] = given;
      }
      for (int m = 0; m < row.length; m++) {
        values[m][i] = row[m];
      }
    }
    double[] points = new double[2 * nk];
    double[] standardErrors = new double[2 * nk];
    for (int m = 0; m < 2 * nk; m++) {
      points[m] = ProblemBootstrap.mean(values[m]);
      standardErrors[m] = ProblemBootstrap.standardErrorOfMean(values[m]);
    }
    return new DatasetValues(count, smallestN, samples, metrics, points, standardErrors);
  }

  private static MetricInterval interval(
      String scope, MetricName metric, double point, double variance, int problems, long samples) {
    double[] bounds =
        JeffreysInterval.of(
            point, Double.isNaN(variance) ? 0 : variance, problems, samples, CONFIDENCE);
    return new MetricInterval(
        scope, metric, point, Math.sqrt(variance), bounds[0], bounds[1], problems);
  }

  private int[] kList(int smallestN) {
    if (ks == null) {
      int[] all = new int[smallestN];
      for (int k = 1; k <= smallestN; k++) {
        all[k - 1] = k;
      }
      return all;
    }
    return Arrays.stream(ks).filter(k -> k <= smallestN).toArray();
  }

  private static List<MetricName> metrics(int[] kList) {
    List<MetricName> out = new ArrayList<>();
    for (int k : kList) {
      out.add(MetricName.pass(k));
    }
    for (int k : kList) {
      out.add(MetricName.maj(k));
    }
    return out;
  }

  /** One dataset's points and standard errors, metric by metric. */
  private static final class DatasetValues {
    final int problems;
    final int smallestN;
    final long samples;
    final List<MetricName> metrics;
    final Map<MetricName, Integer> index = new HashMap<>();
    final double[] points;
    final double[] standardErrors;

    DatasetValues(
        int problems,
        int smallestN,
        long samples,
        List<MetricName> metrics,
        double[] points,
        double[] standardErrors) {
      this.problems = problems;
      this.smallestN = smallestN;
      this.samples = samples;
      this.metrics = metrics;
      this.points = points;
      this.standardErrors = standardErrors;
      for (int m = 0; m < metrics.size(); m++) {
        index.put(metrics.get(m), m);
      }
    }
  }
}
