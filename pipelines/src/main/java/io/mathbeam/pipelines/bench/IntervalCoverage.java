package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.IntervalReport;
import io.mathbeam.core.stats.MetricInterval;
import io.mathbeam.core.stats.MetricKind;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.ProblemIntervals;
import io.mathbeam.core.stats.ProblemVotes;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Part 1 of {@code bench-gate}: how often the product's 95% intervals ({@link ProblemIntervals})
 * contain the population's value, for pass@1, pass@K and maj@K of three solve-rate mixes at K
 * samples per problem, beside the scheme before ({@link TwoStageBootstrap}) on the same data.
 */
final class IntervalCoverage {
  static final List<String> MIXES = List.of("aime-like", "math500-like", "gpqa-like");
  static final int[] SAMPLES = {1, 4, 16, 64};

  private final int replications;
  private final int bootstrapReplicates;
  private final long seed;

  IntervalCoverage(int replications, int bootstrapReplicates, long seed) {
    this.replications = replications;
    this.bootstrapReplicates = bootstrapReplicates;
    this.seed = seed;
  }

  /** One metric of one replication: whether each interval held the truth, and its half-width. */
  private record Outcome(
      boolean coveredNow, double halfNow, boolean coveredBefore, double halfBefore) {}

  /** Runs every mix and K, prints the table, and returns the coverage targets. */
  List<CalibrationTarget> run(PrintStream out) {
    out.printf(
        Locale.ROOT,
        "Part 1: coverage of the 95%% intervals (%d replications per mix and K; the scheme before"
            + " with %d bootstrap replicates; each replication draws the rates and the samples"
            + " afresh)%n",
        replications,
        bootstrapReplicates);
    out.printf(
        Locale.ROOT,
        "%-13s %3s  %-7s %11s %8s %9s %15s %18s %15s%n",
        "mix",
        "K",
        "metric",
        "truth %",
        "now %",
        "before %",
        "half-width now",
        "half-width before",
        "zero-width now");
    List<CalibrationTarget> targets = new ArrayList<>();
    StringBuilder times = new StringBuilder();
    long start = System.nanoTime();
    for (String name : MIXES) {
      SolveRateMix mix = SolveRateMix.named(name);
      for (int samples : SAMPLES) {
        long began = System.nanoTime();
        List<MetricName> metrics = metrics(samples);
        double[] truths = new double[metrics.size()];
        for (int m = 0; m < truths.length; m++) {
          MetricName metric = metrics.get(m);
          truths[m] =
              metric.kind() == MetricKind.PASS
                  ? mix.truePassAtK(metric.k())
                  : mix.trueMajorityAtK(metric.k());
        }
        String scenario = "coverage/" + name + "/K" + samples;
        List<Outcome[]> runs =
            IntStream.range(0, replications)
                .parallel()
                .mapToObj(
                    i ->
                        replicate(
                            mix, samples, metrics, truths, ReplicationSeeds.of(seed, scenario, i)))
                .toList();
        for (int m = 0; m < metrics.size(); m++) {
          CalibrationTarget target = print(out, mix, samples, metrics.get(m), truths[m], m, runs);
          if (target != null) {
            targets.add(target);
          }
        }
        times.append(
            String.format(
                Locale.ROOT, " %s K=%d %.1f;", name, samples, (System.nanoTime() - began) / 1e9));
      }
    }
    out.println(
        "(coverage: share of replications whose interval holds the population's value; half-width:"
            + " mean of (upper - lower) / 2, points; zero-width: share of intervals with upper ="
            + " lower, as when every problem's value is the same; a truth within 1e-6 of 100% sets no"
            + " target: any interval that reaches 100% holds it, and one that did not would claim"
            + " what no sample can show)");
    out.printf(
        Locale.ROOT,
        "Monte Carlo standard error of a coverage near 95%%: sqrt(0.95 x 0.05 / %d) = %.2f"
            + " points%n",
        replications,
        100 * Math.sqrt(0.95 * 0.05 / replications));
    out.printf(
        Locale.ROOT,
        "Part 1 took %.1f s (per mix and K, s:%s)%n%n",
        (System.nanoTime() - start) / 1e9,
        times.substring(0, times.length() - 1));
    return targets;
  }

  /** pass@1, pass@K (K > 1) and maj@K. */
  private static List<MetricName> metrics(int samples) {
    return samples == 1
        ? List.of(MetricName.pass(1), MetricName.maj(1))
        : List.of(MetricName.pass(1), MetricName.pass(samples), MetricName.maj(samples));
  }

  private Outcome[] replicate(
      SolveRateMix mix, int samples, List<MetricName> metrics, double[] truths, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    SplittableRandom resampling = random.split();
    double[] rates = mix.drawRates(random);
    List<ProblemVotes> votes = new ArrayList<>(rates.length);
    int[] correct = new int[rates.length];
    for (int i = 0; i < rates.length; i++) {
      ProblemVotes v =
          AnswerModel.votes(mix.name(), AnswerModel.problemId(i), rates[i], samples, random);
      votes.add(v);
      correct[i] = v.correct();
    }
    int[] ks = samples == 1 ? new int[] {1} : new int[] {1, samples};
    IntervalReport report = new ProblemIntervals().withKs(ks).run(votes);
    double[][] before =
        TwoStageBootstrap.passIntervals(correct, samples, ks, bootstrapReplicates, resampling);
    Outcome[] out = new Outcome[metrics.size()];
    for (int m = 0; m < out.length; m++) {
      MetricName metric = metrics.get(m);
      MetricInterval now = report.find(mix.name(), metric).orElseThrow();
      boolean coveredBefore = false;
      double halfBefore = Double.NaN;
      if (metric.kind() == MetricKind.PASS) {
        double[] interval = before[metric.k() == 1 ? 0 : 1];
        coveredBefore = interval[0] <= truths[m] && truths[m] <= interval[1];
        halfBefore = (interval[1] - interval[0]) / 2;
      }
      out[m] =
          new Outcome(
              now.contains(truths[m]), (now.upper() - now.lower()) / 2, coveredBefore, halfBefore);
    }
    return out;
  }

  private CalibrationTarget print(
      PrintStream out,
      SolveRateMix mix,
      int samples,
      MetricName metric,
      double truth,
      int m,
      List<Outcome[]> runs) {
    double coveredNow = 0;
    double coveredBefore = 0;
    double halfNow = 0;
    double halfBefore = 0;
    double zeroWidth = 0;
    for (Outcome[] run : runs) {
      zeroWidth += run[m].halfNow() == 0 ? 1 : 0;
      coveredNow += run[m].coveredNow() ? 1 : 0;
      coveredBefore += run[m].coveredBefore() ? 1 : 0;
      halfNow += run[m].halfNow();
      halfBefore += run[m].halfBefore();
    }
    int n = runs.size();
    double now = 100 * coveredNow / n;
    boolean hasBefore = metric.kind() == MetricKind.PASS;
    out.printf(
        Locale.ROOT,
        "%-13s %3d  %-7s %11s %8.1f %9s %15.2f %18s %14.1f%%%n",
        mix.name(),
        samples,
        metric,
        truthInPercent(truth),
        now,
        hasBefore ? String.format(Locale.ROOT, "%.1f", 100 * coveredBefore / n) : "-",
        100 * halfNow / n,
        hasBefore ? String.format(Locale.ROOT, "%.2f", 100 * halfBefore / n) : "-",
        100 * zeroWidth / n);
    if (truth > 1 - 1e-6) {
      return null;
    }
    double floor = mix.name().equals("aime-like") ? 93.0 : 94.0;
    return new CalibrationTarget(
        String.format(
            Locale.ROOT, "coverage now %s K=%d %s %.1f%%", mix.name(), samples, metric, now),
        String.format(Locale.ROOT, "in [%.1f, 96.5]%%", floor),
        now >= floor && now <= 96.5);
  }

  /** The truth in percent; within 0.01 of 100, as 100 less the gap ("100-2e-09"). */
  private static String truthInPercent(double truth) {
    double percent = 100 * truth;
    return percent < 99.99 || percent == 100
        ? String.format(Locale.ROOT, "%.2f", percent)
        : String.format(Locale.ROOT, "100-%.0e", 100 - percent);
  }
}
