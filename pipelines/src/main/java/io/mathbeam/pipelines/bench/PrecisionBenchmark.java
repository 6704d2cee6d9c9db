package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.core.stats.SamplingPrecision;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.synthetic.HarnessArgs;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@code mathbeam bench-precision}: how {@code eval --precision=H} stops, simulated with known
 * rates. For each solve-rate mix and target, every replication draws the problems' rates afresh and
 * one stream of outcomes per problem; the product's {@link PrecisionStopping} runs the rounds from
 * --initial samples per problem, and the same rule applied to K = 1, 2, 3, ... finds the smallest
 * uniform K that reaches the target on the same outcomes. Prints, per mix and target, the samples
 * the rounds spent relative to the smallest such K of at least the first round's size (the stopping
 * rule's cost; tokens are in the same ratio, every problem having the same K either way) and to the
 * smallest of any size (where one sample per problem would do, what the first round adds: one
 * sample cannot show the within-problem spread the interval needs), the rounds, the final K, and
 * how often the final interval covers the fixed problems' mean rate, with the estimate's bias; then
 * one line per target, MET or MISSED.
 */
public final class PrecisionBenchmark implements Command {
  private static final Set<String> OPTIONS =
      Set.of(
          "replications",
          "seed",
          "ceiling",
          "initial",
          "fleet",
          "dataDir",
          "allocation",
          "timeScale");
  private static final List<String> MIXES =
      List.of("aime-like", "math500-like", "gpqa-like", "amc-like", "hmmt-like");
  private static final double[] TARGETS = {0.01, 0.02, 0.05};

  @Override
  public String name() {
    return "bench-precision";
  }

  @Override
  public String summary() {
    return "how eval --precision stops, against uniform K, simulated with known rates";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    if (List.of(args).contains("--help")) {
      out.println(
          "usage: mathbeam bench-precision [--replications=10000] [--seed=1] [--initial=2] [--fleet=true] [--allocation=true]"
              + " [--ceiling=512]\n"
              + "  --replications  simulated datasets per mix and target\n"
              + "  --initial       --initialSamples, the first round's samples per problem\n"
              + "  --ceiling       --samples, the most samples per problem\n"
              + "  --fleet=true    also eval --precision=0.01 on MATH-500 against the simulated"
              + " fleet,\n"
              + "                  beside a uniform run of K=16 (about a minute at the default"
              + " --timeScale)\n"
              + "  --timeScale     the simulated fleet's time dilation for --fleet (100; lower is"
              + " slower, and\n"
              + "                  generation fills more of the runs, as against a real fleet)\n"
              + "  --allocation=true  also the study of per-problem allocation (about four"
              + " minutes at 10000)\n"
              + "  --dataDir       the benchmark files (default $MATHBEAM_SHARED/datasets, else"
              + " ../shared/datasets)");
      return 0;
    }
    int replications;
    boolean fleet;
    boolean allocation;
    String dataDir;
    int initial;
    int ceiling;
    long seed;
    double timeScale;
    try {
      HarnessArgs options = HarnessArgs.parse(name(), args, OPTIONS);
      replications = options.integer("replications", 10_000, 1);
      initial = options.integer("initial", 2, 1);
      fleet = options.bool("fleet", false);
      allocation = options.bool("allocation", false);
      dataDir = options.text("dataDir", sharedDatasets());
      ceiling = options.integer("ceiling", 512, initial);
      seed = options.number("seed", 1, Long.MIN_VALUE);
      timeScale = options.integer("timeScale", 100, 1);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    out.printf(
        Locale.ROOT,
        "bench-precision: seed %d, %d replications per mix and target, first round %d, ceiling"
            + " %d%n%n",
        seed,
        replications,
        initial,
        ceiling);
    out.printf(
        Locale.ROOT,
        "%-14s %6s %7s %9s %8s %8s %8s %8s %9s %10s%n",
        "mix",
        "target",
        "rounds",
        "final K",
        "unif. K",
        "samples",
        "vs any K",
        "vs true",
        "coverage",
        "bias (pt)");
    List<CalibrationTarget> targets = new ArrayList<>();
    for (int m = 0; m < MIXES.size(); m++) {
      SolveRateMix mix = SolveRateMix.named(MIXES.get(m));
      for (int t = 0; t < TARGETS.length; t++) {
        Figures f = simulate(mix, TARGETS[t], initial, ceiling, replications, seed, m, t);
        String label = String.format(Locale.ROOT, "%s +-%.0f pt", mix.name(), 100 * TARGETS[t]);
        out.printf(
            Locale.ROOT,
            "%-14s %6s %7.2f %9.1f %8.1f %7.3fx %7.3fx %7.3fx %8.1f%% %+10.3f%n",
            mix.name(),
            String.format(Locale.ROOT, "+-%.0f", 100 * TARGETS[t]),
            f.rounds,
            f.finalK,
            f.uniformK,
            f.ratio,
            f.ratioToAnyK,
            f.ratioToTrueK,
            100.0 * f.covered / replications,
            100 * f.bias);
        targets.add(
            new CalibrationTarget(
                String.format(Locale.ROOT, "samples %s %.3fx uniform", label, f.ratio),
                "<= 1.15x",
                f.ratio <= 1.15));
        targets.add(CalibrationTarget.coverage(label, f.covered, replications));
        targets.add(
            new CalibrationTarget(
                String.format(Locale.ROOT, "bias %s %+.3f points", label, 100 * f.bias),
                "|bias| <= 0.2 points",
                Math.abs(f.bias) <= 0.002));
      }
    }
    if (allocation) {
      targets.addAll(AllocationStudy.run(replications, seed, out));
    }
    if (fleet) {
      try {
        targets.addAll(
            FleetPrecisionCheck.run(dataDir, "math500", 0.01, initial, 32, timeScale, out));
      } catch (Exception e) {
        err.println(name() + ": the run against the simulated fleet failed: " + e);
        return 1;
      }
    }
    out.println();
    long met = targets.stream().filter(CalibrationTarget::met).count();
    out.println("Targets (" + met + " of " + targets.size() + " met):");
    targets.forEach(c -> out.println(c.line()));
    return 0;
  }

  /** {@code $MATHBEAM_SHARED/datasets}, else {@code ../shared/datasets}. */
  private static String sharedDatasets() {
    String shared = System.getenv("MATHBEAM_SHARED");
    return (shared != null ? shared : "../shared") + "/datasets";
  }

  /** The means over the replications. */
  /**
   * @param ratio final K over the smallest uniform K of at least the first round's samples that
   *     reaches the target: what the stopping rule costs
   * @param ratioToAnyK final K over the smallest uniform K of any size: what the first round's size
   *     adds where one sample per problem would do
   * @param ratioToTrueK final K over the K whose interval from the true rates' variance, 1.96
   *     standard errors, is at most the target (at least the first round's): what not knowing the
   *     variance costs, the interval's margin for its estimate included
   */
  private record Figures(
      double rounds,
      double finalK,
      double uniformK,
      double ratio,
      double ratioToAnyK,
      double ratioToTrueK,
      int covered,
      double bias) {}

  private static Figures simulate(
      SolveRateMix mix,
      double target,
      int initial,
      int ceiling,
      int replications,
      long seed,
      int m,
      int t) {
    PrecisionStopping rule = new PrecisionStopping(target, ceiling);
    double rounds = 0;
    double finalK = 0;
    double uniformK = 0;
    double uniformFromFirstRound = 0;
    double trueK = 0;
    int covered = 0;
    double bias = 0;
    for (int r = 0; r < replications; r++) {
      SplittableRandom random =
          new SplittableRandom(seed * 1_000_003L + m * 10_007L + t * 101L + r);
      double[] rates = mix.drawRates(random);
      int n = rates.length;
      // cumulative correct counts: correct[i][j] = successes among problem i's first j samples
      int[][] correct = new int[n][ceiling + 1];
      double fixedMean = 0;
      double withinSum = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < ceiling; j++) {
          correct[i][j + 1] = correct[i][j] + (random.nextDouble() < rates[i] ? 1 : 0);
        }
        fixedMean += rates[i] / n;
        withinSum += rates[i] * (1 - rates[i]);
      }
      double z = SamplingPrecision.Z95;
      trueK +=
          Math.min(
                  ceiling,
                  Math.max(
                      Math.min(initial, ceiling),
                      Math.ceil(z * z * withinSum / ((double) n * n * target * target))))
              / replications;
      int k = Math.min(initial, ceiling);
      PrecisionStopping.Decision d;
      int roundsHere = 0;
      while (true) {
        roundsHere++;
        d = rule.decide(filled(n, k), at(correct, k));
        if (d.status() != PrecisionStopping.Status.MORE) {
          break;
        }
        k = d.nextSamplesPerProblem();
      }
      int[] c = at(correct, k);
      double mean = 0;
      for (int i = 0; i < n; i++) {
        mean += (double) c[i] / k / n;
      }
      covered += Math.abs(mean - fixedMean) <= d.halfWidth() ? 1 : 0;
      bias += (mean - fixedMean) / replications;
      rounds += (double) roundsHere / replications;
      finalK += (double) k / replications;
      int uniform = 1;
      while (uniform < ceiling
          && rule.decide(filled(n, uniform), at(correct, uniform)).status()
              == PrecisionStopping.Status.MORE) {
        uniform++;
      }
      uniformK += (double) uniform / replications;
      uniformFromFirstRound +=
          (double) Math.max(uniform, Math.min(initial, ceiling)) / replications;
    }
    return new Figures(
        rounds,
        finalK,
        uniformK,
        finalK / uniformFromFirstRound,
        finalK / uniformK,
        finalK / trueK,
        covered,
        bias);
  }

  /** n copies of k: every problem with k samples. */
  static int[] filled(int n, int k) {
    int[] out = new int[n];
    Arrays.fill(out, k);
    return out;
  }

  private static int[] at(int[][] cumulative, int k) {
    int[] out = new int[cumulative.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = cumulative[i][k];
    }
    return out;
  }
}
