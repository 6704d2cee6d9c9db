package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MajorityAtK;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.ProblemBootstrap;
import io.mathbeam.core.stats.ProblemValues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Compares a candidate run with a baseline run, dataset by dataset, on the problems both ran.
 *
 * <p>Per metric (pass@1, pass@k and maj@k for the options' k): both values and their delta; a
 * paired bootstrap interval of the delta; a paired sign-flip permutation test of the per-problem
 * differences; and the problems whose solved status flipped. See docs/COMPARE.md.
 *
 * <p>Paired bootstrap, replicate b: draw the N shared problems with replacement (the same draws for
 * both runs) and take delta_b = mean over the draws of the problems' differences (candidate metric
 * - baseline metric, each from the problem's own samples, which are not drawn again). The interval
 * is the expanded percentile interval of the delta_b ({@link ProblemBootstrap}); the standard error
 * is sqrt(S^2 / N) of the differences.
 *
 * <p>Deterministic for a seed: problems are sorted by id, and each dataset's bootstrap (and each
 * dataset and metric's Monte Carlo flips) draws from a generator seeded from the seed and the
 * dataset id (and metric), so results depend neither on input order nor on the other datasets.
 */
public final class PairedComparison {
  private final CompareOptions options;

  public PairedComparison(CompareOptions options) {
    this.options = options;
  }

  /** Compares every dataset present in either run. */
  public ComparisonReport compare(RunProblems baseline, RunProblems candidate) {
    Map<String, Map<String, ProblemOutcome>> base = baseline.byDataset();
    Map<String, Map<String, ProblemOutcome>> cand = candidate.byDataset();
    TreeSet<String> datasets = new TreeSet<>(base.keySet());
    datasets.addAll(cand.keySet());
    List<DatasetComparison> out = new ArrayList<>();
    for (String dataset : datasets) {
      out.add(
          compareDataset(
              dataset, base.getOrDefault(dataset, Map.of()), cand.getOrDefault(dataset, Map.of())));
    }
    return new ComparisonReport(baseline.name(), candidate.name(), options, out);
  }

  private DatasetComparison compareDataset(
      String dataset, Map<String, ProblemOutcome> base, Map<String, ProblemOutcome> cand) {
    List<String> onlyBase = new ArrayList<>();
    List<String> onlyCand = new ArrayList<>();
    List<ProblemOutcome> sharedBase = new ArrayList<>();
    List<ProblemOutcome> sharedCand = new ArrayList<>();
    for (Map.Entry<String, ProblemOutcome> e : base.entrySet()) {
      ProblemOutcome other = cand.get(e.getKey());
      if (other == null) {
        onlyBase.add(e.getKey());
      } else {
        sharedBase.add(e.getValue());
        sharedCand.add(other);
      }
    }
    for (String id : cand.keySet()) {
      if (!base.containsKey(id)) {
        onlyCand.add(id);
      }
    }
    int shared = sharedBase.size();
    if (shared < 2) {
      return new DatasetComparison(
          dataset,
          DatasetStatus.TOO_FEW_SHARED,
          shared,
          onlyBase,
          onlyCand,
          List.of(),
          List.of("only " + shared + " shared problem(s); need at least 2"),
          List.of());
    }
    List<String> skipped = new ArrayList<>();
    List<MetricName> metrics = applicableMetrics(sharedBase, sharedCand, skipped);
    List<MetricComparison> results = compareMetrics(dataset, metrics, sharedBase, sharedCand);
    return new DatasetComparison(
        dataset,
        DatasetStatus.COMPARED,
        shared,
        onlyBase,
        onlyCand,
        results,
        skipped,
        flips(sharedBase, sharedCand));
  }

  private List<MetricName> applicableMetrics(
      List<ProblemOutcome> base, List<ProblemOutcome> cand, List<String> skipped) {
    int smallestN = Integer.MAX_VALUE;
    int largestN = 0;
    boolean allVotes = true;
    for (List<ProblemOutcome> run : List.of(base, cand)) {
      for (ProblemOutcome p : run) {
        smallestN = Math.min(smallestN, p.samples());
        largestN = Math.max(largestN, p.samples());
        allVotes &= p.votes() != null;
      }
    }
    List<MetricName> out = new ArrayList<>();
    out.add(MetricName.pass(1));
    for (int k : options.ks()) {
      if (k == 1) {
        continue;
      }
      if (k <= smallestN) {
        out.add(MetricName.pass(k));
      } else {
        skipped.add("pass@" + k + ": k exceeds the smallest n (" + smallestN + ")");
      }
    }
    for (int k : options.ks()) {
      if (!allVotes) {
        skipped.add("maj@" + k + ": answer clusters missing for some problems");
      } else if (k > smallestN) {
        skipped.add("maj@" + k + ": k exceeds the smallest n (" + smallestN + ")");
      } else if (largestN > MajorityAtK.MAX_SAMPLES && k < largestN) {
        skipped.add("maj@" + k + ": n above " + MajorityAtK.MAX_SAMPLES);
      } else {
        out.add(MetricName.maj(k));
      }
    }
    return out;
  }

  private List<MetricComparison> compareMetrics(
      String dataset,
      List<MetricName> metrics,
      List<ProblemOutcome> base,
      List<ProblemOutcome> cand) {
    int count = base.size();
    int nm = metrics.size();
    ProblemValues perProblem = new ProblemValues(metrics);
    double[][] differences = new double[nm][count];
    double[] baseMeans = new double[nm];
    double[] candMeans = new double[nm];
    double[] baseValues = new double[nm];
    double[] candValues = new double[nm];
    for (int i = 0; i < count; i++) {
      ProblemOutcome b = base.get(i);
      ProblemOutcome c = cand.get(i);
      perProblem.fill(b.samples(), b.correct(), b.votes(), baseValues);
      perProblem.fill(c.samples(), c.correct(), c.votes(), candValues);
      for (int m = 0; m < nm; m++) {
        baseMeans[m] += baseValues[m] / count;
        candMeans[m] += candValues[m] / count;
        differences[m][i] = candValues[m] - baseValues[m];
      }
    }
    // Each problem's difference is fixed; a replicate redraws which problems are in the set (the
    // same draws for both runs: paired). See ProblemBootstrap for why samples are not redrawn.
    SplittableRandom random = new SplittableRandom(options.seed() ^ mix(dataset.hashCode()));
    double[][] replicates =
        ProblemBootstrap.replicateMeans(differences, options.replicates(), random);
    SignFlipTest signFlips = signFlips(options);
    List<MetricComparison> out = new ArrayList<>();
    for (int m = 0; m < nm; m++) {
      MetricName metric = metrics.get(m);
      double[] bounds = ProblemBootstrap.interval(replicates[m], count, options.confidence());
      PairedDifferences paired =
          metric.equals(MetricName.pass(1))
              ? PairedDifferences.ofSolveRates(differences[m], base, cand)
              : PairedDifferences.of(differences[m]);
      out.add(
          new MetricComparison(
              metric,
              baseMeans[m],
              candMeans[m],
              candMeans[m] - baseMeans[m],
              bounds[0],
              bounds[1],
              paired.standardError(),
              signFlips.test(differences[m], flipRandom(options, dataset, metric, 0)),
              paired));
    }
    return out;
  }

  /** The sign-flip test the options describe. */
  static SignFlipTest signFlips(CompareOptions options) {
    return new SignFlipTest(options.exactFlipLimit(), options.monteCarloFlips());
  }

  /**
   * The Monte Carlo flips' generator of one dataset, metric and margin (0 for the plain drop test),
   * so that each test's flips are the same whatever else is compared.
   */
  static SplittableRandom flipRandom(
      CompareOptions options, String dataset, MetricName metric, double margin) {
    long key = dataset.hashCode() * 31L + metric.toString().hashCode();
    if (margin != 0) {
      key = key * 31L + Double.hashCode(margin);
    }
    return new SplittableRandom(options.seed() ^ mix(key));
  }

  private List<FlippedProblem> flips(List<ProblemOutcome> base, List<ProblemOutcome> cand) {
    List<FlippedProblem> lost = new ArrayList<>();
    List<FlippedProblem> gained = new ArrayList<>();
    double threshold = options.solvedThreshold();
    for (int i = 0; i < base.size(); i++) {
      double before = base.get(i).solveRate();
      double after = cand.get(i).solveRate();
      boolean wasSolved = before >= threshold;
      boolean isSolved = after >= threshold;
      String id = base.get(i).problemId();
      if (wasSolved && !isSolved) {
        lost.add(new FlippedProblem(id, FlipDirection.LOST, before, after));
      } else if (!wasSolved && isSolved) {
        gained.add(new FlippedProblem(id, FlipDirection.GAINED, before, after));
      }
    }
    Comparator<FlippedProblem> largestChangeFirst =
        Comparator.comparingDouble(
                (FlippedProblem f) -> -Math.abs(f.candidateRate() - f.baselineRate()))
            .thenComparing(FlippedProblem::problemId);
    lost.sort(largestChangeFirst);
    gained.sort(largestChangeFirst);
    lost.addAll(gained);
    return lost;
  }

  /** SplitMix64's finalizer, so nearby hashes give unrelated seeds. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
