package io.mathbeam.pipelines.bench;

import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.synthetic.HarnessArgs;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code mathbeam bench-gate}: a simulation with known truth that measures whether the product's
 * 95% intervals cover what they claim ({@link IntervalCoverage}) and how often the nightly gate
 * fails a candidate falsely and catches a real drop ({@link SimulatedNights}). Solve rates are
 * drawn from populations whose pass@k and maj@k are known exactly ({@link SolveRateMix}); the
 * product's own classes compute every interval, test and verdict. Prints the tables, then one line
 * per target, MET or MISSED.
 *
 * <p>Deterministic for a seed: every replication and night draws from a generator seeded from
 * (seed, scenario, index), so the parallel runs give the same figures on any number of cores.
 */
public final class GateBenchmark implements Command {
  private static final Set<String> OPTIONS =
      Set.of("replications", "nights", "seed", "bootstrap", "only");

  @Override
  public String name() {
    return "bench-gate";
  }

  @Override
  public String summary() {
    return "coverage of the 95% intervals and the nightly gate's error rates, simulated";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    if (List.of(args).contains("--help")) {
      out.println(
          "usage: mathbeam bench-gate [--replications=2000] [--nights=1000] [--seed=1]"
              + " [--bootstrap=1000] [--only=coverage|nights]\n"
              + "  --replications  simulated datasets per mix and K for the coverage study\n"
              + "  --nights        simulated nights per gate scenario\n"
              + "  --bootstrap     bootstrap replicates of the scheme before (the product draws none)\n"
              + "  --only          run one part (default both)");
      return 0;
    }
    int replications;
    int nights;
    int bootstrap;
    long seed;
    String only;
    try {
      HarnessArgs options = HarnessArgs.parse(name(), args, OPTIONS);
      // Twice the minimum: a coverage near 95% then carries a Monte Carlo standard error
      // of 0.49 points, not 0.69, against a band only 2.5 points wide.
      replications = options.integer("replications", 2000, 1);
      nights = options.integer("nights", 1000, 1);
      bootstrap = options.integer("bootstrap", 1000, 2);
      seed = options.number("seed", 1, Long.MIN_VALUE);
      only = options.text("only", "both");
      if (!List.of("both", "coverage", "nights").contains(only)) {
        throw new IllegalArgumentException(
            name() + ": --only takes coverage or nights, got '" + only + "'");
      }
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    long start = System.nanoTime();
    out.printf(
        Locale.ROOT,
        "bench-gate: seed %d, %d cores, Java %s%n%n",
        seed,
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"));
    List<CalibrationTarget> targets = new ArrayList<>();
    if (!only.equals("nights")) {
      targets.addAll(new IntervalCoverage(replications, bootstrap, seed).run(out));
    }
    if (!only.equals("coverage")) {
      targets.addAll(new SimulatedNights(nights, seed).run(out));
    }
    long met = targets.stream().filter(CalibrationTarget::met).count();
    out.printf(Locale.ROOT, "targets (%d of %d met):%n", met, targets.size());
    for (CalibrationTarget t : targets) {
      out.println(t.line());
    }
    out.printf(Locale.ROOT, "bench-gate took %.1f s%n", (System.nanoTime() - start) / 1e9);
    return 0;
  }
}
