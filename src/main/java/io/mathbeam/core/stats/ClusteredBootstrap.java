package io.mathbeam.core.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Error bars for pass@k and maj@k by a problem-level (clustered) bootstrap.
 *
 * <p>Each problem's pass@k and maj@k are computed once from its own samples (unbiased estimates of
 * that problem's values); one replicate of a dataset draws its N problems with replacement and
 * takes the mean of their values ({@link ProblemBootstrap}: the samples are not drawn again, which
 * would count their noise twice). Each metric gets its point estimate on the original data, the
 * standard error sqrt(S^2 / N) of the per-problem values, and the expanded percentile interval of
 * the replicates at 95%. The intervals are for the population of problems the dataset stands for.
 *
 * <p>Scopes: every dataset, then {@link #MICRO} (all problems pooled, each problem weighing the
 * same) and {@link #MACRO} (the mean of the per-dataset values). Datasets are resampled
 * independently, each with its own sample size, and the aggregates of replicate b combine the
 * datasets' replicate b. A dataset's metrics run over k up to its smallest n; the aggregates' up to
 * the smallest n overall.
 *
 * <p>Deterministic: problems are sorted by dataset and problem id, and each dataset draws from its
 * own generator seeded from the seed and the dataset id, so a dataset's interval depends neither on
 * the input order nor on the other datasets.
 */
public final class ClusteredBootstrap {
  public static final int DEFAULT_REPLICATES = 1000;
  public static final long DEFAULT_SEED = 20240229L;

  /** The level of every interval: 95%. */
  public static final double CONFIDENCE = 0.95;

  /** Scope of the pooled aggregate. */
  public static final String MICRO = "_micro";

  /** Scope of the mean over datasets. */
  public static final String MACRO = "_macro";

  private final int replicates;
  private final long seed;
  private final int[] ks;

  /** {@value #DEFAULT_REPLICATES} replicates, seed {@value #DEFAULT_SEED}, every k. */
  public ClusteredBootstrap() {
    this(DEFAULT_REPLICATES, DEFAULT_SEED);
  }

  /** Every k up to the smallest n. */
  public ClusteredBootstrap(int replicates, long seed) {
    this(replicates, seed, null);
  }

  private ClusteredBootstrap(int replicates, long seed, int[] ks) {
    if (replicates < 2) {
      throw new IllegalArgumentException("need at least 2 replicates, got " + replicates);
    }
    this.replicates = replicates;
    this.seed = seed;
    this.ks = ks;
  }

  /**
   * The same bootstrap restricted to these k (maj@k per replicate is the expensive part); a k above
   * a scope's smallest n is skipped in that scope.
   */
  public ClusteredBootstrap withKs(int... ks) {
    int[] sorted = Arrays.stream(ks).sorted().distinct().toArray();
    if (sorted.length == 0 || sorted[0] < 1) {
      throw new IllegalArgumentException("need k >= 1, got " + Arrays.toString(ks));
    }
    return new ClusteredBootstrap(replicates, seed, sorted);
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
   * Bootstraps every dataset among {@code problems} and the two aggregates.
   *
   * @throws IllegalArgumentException when there are no problems or a (dataset, problem id) pair
   *     appears twice
   */
  public BootstrapReport run(Collection<ProblemVotes> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("no problems to bootstrap");
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
    // Datasets draw from their own random streams, so they are replicated in parallel with the
    // same results as one after another; at a million samples this step took most of a run's
    // post-processing on one core.
    List<DatasetReplicates> datasets =
        IntStream.range(0, names.size())
            .parallel()
            .mapToObj(i -> replicate(names.get(i), sortedByDataset.get(i)))
            .toList();
    List<MetricInterval> intervals = new ArrayList<>();
    int smallestN = Integer.MAX_VALUE;
    for (int i = 0; i < names.size(); i++) {
      DatasetReplicates d = datasets.get(i);
      smallestN = Math.min(smallestN, d.smallestN);
      for (int m = 0; m < d.metrics.size(); m++) {
        intervals.add(
            interval(
                names.get(i),
                d.metrics.get(m),
                d.points[m],
                d.standardErrors[m],
                d.replicates[m],
                d.problems));
      }
    }
    intervals.addAll(aggregate(datasets, smallestN));
    return new BootstrapReport(replicates, seed, intervals);
  }

  private List<MetricInterval> aggregate(List<DatasetReplicates> datasets, int smallestN) {
    int total = 0;
    for (DatasetReplicates d : datasets) {
      total += d.problems;
    }
    List<MetricInterval> micro = new ArrayList<>();
    List<MetricInterval> macro = new ArrayList<>();
    for (MetricName metric : metrics(kList(smallestN))) {
      double microPoint = 0;
      double macroPoint = 0;
      double microVariance = 0;
      double macroVariance = 0;
      double[] microReps = new double[replicates];
      double[] macroReps = new double[replicates];
      for (DatasetReplicates d : datasets) {
        int m = d.index.get(metric);
        double weight = (double) d.problems / total;
        double share = 1.0 / datasets.size();
        microPoint += weight * d.points[m];
        macroPoint += share * d.points[m];
        // Datasets are independent samples: the variances of their weighted means add up.
        microVariance += weight * weight * d.standardErrors[m] * d.standardErrors[m];
        macroVariance += share * share * d.standardErrors[m] * d.standardErrors[m];
        for (int b = 0; b < replicates; b++) {
          microReps[b] += weight * d.replicates[m][b];
          macroReps[b] += share * d.replicates[m][b];
        }
      }
      micro.add(interval(MICRO, metric, microPoint, Math.sqrt(microVariance), microReps, total));
      macro.add(interval(MACRO, metric, macroPoint, Math.sqrt(macroVariance), macroReps, total));
    }
    micro.addAll(macro);
    return micro;
  }

  private DatasetReplicates replicate(String datasetId, List<ProblemVotes> problems) {
    int count = problems.size();
    int smallestN = problems.stream().mapToInt(ProblemVotes::samples).min().orElseThrow();
    int[] kList = kList(smallestN);
    List<MetricName> metrics = metrics(kList);
    int nk = kList.length;
    if (nk == 0) {
      return new DatasetReplicates(
          count, smallestN, metrics, new double[0], new double[0], new double[0][]);
    }
    // Each problem's values are fixed; a replicate only redraws which problems are in the set.
    double[][] values = new double[2 * nk][count];
    PassAtKTable passTable = new PassAtKTable(kList);
    for (int i = 0; i < count; i++) {
      ProblemVotes p = problems.get(i);
      double[] pass = passTable.row(p.samples(), p.correct());
      double[] maj = MajorityAtK.upToK(p, kList[nk - 1]);
      for (int q = 0; q < nk; q++) {
        values[q][i] = pass[q];
        values[nk + q][i] = maj[kList[q] - 1];
      }
    }
    double[] points = new double[2 * nk];
    double[] standardErrors = new double[2 * nk];
    for (int m = 0; m < 2 * nk; m++) {
      points[m] = ProblemBootstrap.mean(values[m]);
      standardErrors[m] = ProblemBootstrap.standardErrorOfMean(values[m]);
    }
    SplittableRandom random = new SplittableRandom(seed ^ mix(datasetId.hashCode()));
    double[][] reps = ProblemBootstrap.replicateMeans(values, replicates, random);
    return new DatasetReplicates(count, smallestN, metrics, points, standardErrors, reps);
  }

  private static MetricInterval interval(
      String scope,
      MetricName metric,
      double point,
      double standardError,
      double[] replicates,
      int problems) {
    double[] bounds = ProblemBootstrap.interval(replicates, problems, CONFIDENCE);
    return new MetricInterval(scope, metric, point, standardError, bounds[0], bounds[1], problems);
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

  /** A 64-bit finalizer (SplitMix64's), so nearby dataset hashes give unrelated seeds. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** One dataset's points and replicates, metric by metric. */
  private static final class DatasetReplicates {
    final int problems;
    final int smallestN;
    final List<MetricName> metrics;
    final Map<MetricName, Integer> index = new HashMap<>();
    final double[] points;
    final double[] standardErrors;
    final double[][] replicates;

    DatasetReplicates(
        int problems,
        int smallestN,
        List<MetricName> metrics,
        double[] points,
        double[] standardErrors,
        double[][] reps) {
      this.problems = problems;
      this.smallestN = smallestN;
      this.metrics = metrics;
      this.points = points;
      this.standardErrors = standardErrors;
      this.replicates = reps;
      for (int m = 0; m < metrics.size(); m++) {
        index.put(metrics.get(m), m);
      }
    }
  }
}
