package io.mathbeam.pipelines.bench;

import io.mathbeam.core.compare.CompareOptions;
import io.mathbeam.core.compare.ComparisonReport;
import io.mathbeam.core.compare.Gate;
import io.mathbeam.core.compare.GateRule;
import io.mathbeam.core.compare.MetricComparison;
import io.mathbeam.core.compare.NoSignificantDropRule;
import io.mathbeam.core.compare.PairedComparison;
import io.mathbeam.core.compare.ProblemOutcome;
import io.mathbeam.core.compare.RuleResult;
import io.mathbeam.core.compare.RuleStatus;
import io.mathbeam.core.compare.RunProblems;
import io.mathbeam.core.compare.Verdict;
import io.mathbeam.core.stats.MetricName;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Part 2 of {@code bench-gate}: simulated nights of the nightly suite ({@link SolveRateMix#SUITE}).
 * A night draws every mix's solve rates, then a baseline and a candidate run of K samples per
 * problem with independent draws, compares them as {@code mathbeam compare} does, and applies the
 * default gate (Holm over every dataset's pass@1 drop test) and, on the same report, the per-rule
 * gate it replaced (each dataset's test alone at 0.05). {@link NightsReport} sums the nights up.
 */
final class SimulatedNights {
  static final List<NightScenario> SCENARIOS =
      List.of(
          NightScenario.unchanged("A/A", 8),
          new NightScenario("drop-math500-2pt", 8, "math500-like", 0.02),
          new NightScenario("drop-math500-2pt", 4, "math500-like", 0.02),
          new NightScenario("drop-aime-6pt", 16, "aime-like", 0.06));

  /** The gate before the family-wise one: every dataset's pass@1 drop test alone at 0.05. */
  static final Gate PER_RULE_GATE =
      new Gate(
          "per-rule",
          List.of(NoSignificantDropRule.perRule(GateRule.ANY_DATASET, MetricName.pass(1), 0.05)));

  /**
   * One dataset of one night: both gates' decisions, the default gate's power line, and pass@1's
   * comparison.
   */
  record DatasetNight(
      boolean defaultFail,
      boolean perRuleFail,
      double smallestDrop,
      double delta,
      double ciLower,
      double ciUpper,
      double pDrop) {}

  private final int nights;
  private final long seed;

  SimulatedNights(int nights, long seed) {
    this.nights = nights;
    this.seed = seed;
  }

  /** Runs every scenario's nights, prints the tables, and returns the targets. */
  List<CalibrationTarget> run(PrintStream out) {
    long start = System.nanoTime();
    Map<NightScenario, List<DatasetNight[]>> results = new HashMap<>();
    Map<NightScenario, Double> seconds = new HashMap<>();
    for (NightScenario scenario : SCENARIOS) {
      long began = System.nanoTime();
      results.put(
          scenario,
          IntStream.range(0, nights)
              .parallel()
              .mapToObj(i -> night(scenario, ReplicationSeeds.of(seed, scenario.label(), i)))
              .toList());
      seconds.put(scenario, (System.nanoTime() - began) / 1e9);
    }
    return new NightsReport(SCENARIOS, results, seconds, (System.nanoTime() - start) / 1e9)
        .print(out);
  }

  /** One night of {@code scenario}: one entry per mix of the suite, in suite order. */
  static DatasetNight[] night(NightScenario scenario, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int k = scenario.samples();
    List<ProblemOutcome> baseline = new ArrayList<>();
    List<ProblemOutcome> candidate = new ArrayList<>();
    for (SolveRateMix mix : SolveRateMix.SUITE) {
      double[] rates = mix.drawRates(random);
      double factor = scenario.rateFactor(mix);
      for (int i = 0; i < rates.length; i++) {
        String id = AnswerModel.problemId(i);
        baseline.add(
            ProblemOutcome.of(mix.name(), id, k, AnswerModel.correctCount(rates[i], k, random)));
        candidate.add(
            ProblemOutcome.of(
                mix.name(), id, k, AnswerModel.correctCount(rates[i] * factor, k, random)));
      }
    }
    CompareOptions options =
        k == 1 ? CompareOptions.defaults() : CompareOptions.defaults().withKs(k);
    ComparisonReport report =
        new PairedComparison(options)
            .compare(
                new RunProblems("baseline", baseline), new RunProblems("candidate", candidate));
    Map<String, RuleResult> byDefault = byDataset(Verdict.evaluate(Gate.defaultGate(), report));
    Map<String, RuleResult> byPerRule = byDataset(Verdict.evaluate(PER_RULE_GATE, report));
    DatasetNight[] out = new DatasetNight[SolveRateMix.SUITE.size()];
    for (int d = 0; d < out.length; d++) {
      String name = SolveRateMix.SUITE.get(d).name();
      RuleResult gated = byDefault.get(name);
      MetricComparison pass1 =
          report.dataset(name).orElseThrow().metric(MetricName.pass(1)).orElseThrow();
      out[d] =
          new DatasetNight(
              gated.status() == RuleStatus.FAIL,
              byPerRule.get(name).status() == RuleStatus.FAIL,
              gated.power().smallestDrop(),
              pass1.delta(),
              pass1.ciLower(),
              pass1.ciUpper(),
              pass1.pDrop());
    }
    return out;
  }

  private static Map<String, RuleResult> byDataset(Verdict verdict) {
    Map<String, RuleResult> out = new HashMap<>();
    for (RuleResult r : verdict.results()) {
      if (out.put(r.dataset(), r) != null) {
        throw new IllegalStateException("two results for " + r.dataset());
      }
    }
    return out;
  }
}
