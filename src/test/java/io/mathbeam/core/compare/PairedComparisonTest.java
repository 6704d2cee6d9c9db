package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.MajorityAtK;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.PassAtK;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.Test;

public class PairedComparisonTest {
  private static final MetricName PASS1 = MetricName.pass(1);
  private static final double[] AIME_RATES = SyntheticRuns.rates(30, 7);

  private static ComparisonReport compare(RunProblems base, RunProblems cand, CompareOptions o) {
    return new PairedComparison(o).compare(base, cand);
  }

  private static MetricComparison pass1(ComparisonReport report, String dataset) {
    return report.dataset(dataset).orElseThrow().metric(PASS1).orElseThrow();
  }

  @Test
  public void clearlyWorseCandidateFailsTheDefaultGate() {
    RunProblems base = SyntheticRuns.run("base", "aime", AIME_RATES, 16, 1, false);
    RunProblems cand =
        SyntheticRuns.run("cand", "aime", SyntheticRuns.shifted(AIME_RATES, -0.25), 16, 2, false);
    ComparisonReport report = compare(base, cand, CompareOptions.defaults());
    MetricComparison m = pass1(report, "aime");
    assertTrue(m.delta() < -0.1);
    assertTrue(m.ciUpper() < 0);
    assertTrue(m.pDrop() < 0.001);
    assertTrue(m.pTwoSided() < 0.002);
    Verdict verdict = Verdict.evaluate(Gate.defaultGate(), report);
    assertEquals(Verdict.EXIT_REGRESSION, verdict.exitCode());
    assertEquals(RuleStatus.FAIL, verdict.results().get(0).status());
  }

  @Test
  public void identicalRunsPassWithPOneAndAnIntervalAroundZero() {
    RunProblems base = SyntheticRuns.run("base", "aime", AIME_RATES, 16, 1, true);
    RunProblems same = new RunProblems("same", base.problems());
    ComparisonReport report = compare(base, same, CompareOptions.defaults().withKs(16));
    // The very same samples: every problem's difference is 0, and so is every resampled mean.
    for (MetricComparison m : report.dataset("aime").orElseThrow().metrics()) {
      assertEquals(0.0, m.delta(), 0.0);
      assertEquals(1.0, m.pTwoSided(), 0.0);
      assertEquals(0.0, m.ciLower(), 0.0);
      assertEquals(0.0, m.ciUpper(), 0.0);
      assertEquals(0.0, m.standardError(), 0.0);
    }
    assertEquals(Verdict.EXIT_PASS, Verdict.evaluate(Gate.defaultGate(), report).exitCode());
  }

  @Test
  public void pairingCancelsProblemDifficultyOutOfTheInterval() {
    // Two independent runs of the same model on 400 problems: the differences hold only the
    // samples' noise, Var(delta) = mean 2 theta(1 - theta) / n / N, not the spread of difficulty.
    double[] rates = SyntheticRuns.rates(400, 11);
    RunProblems base = SyntheticRuns.run("base", "m", rates, 16, 1, false);
    RunProblems cand = SyntheticRuns.run("cand", "m", rates, 16, 2, false);
    MetricComparison m = pass1(compare(base, cand, CompareOptions.defaults()), "m");
    double within = 0;
    double mean = 0;
    for (double rate : rates) {
      within += 2 * rate * (1 - rate) / 16 / rates.length;
      mean += rate / rates.length;
    }
    double between = 0;
    for (double rate : rates) {
      between += (rate - mean) * (rate - mean) / (rates.length - 1);
    }
    double expected = Math.sqrt(within / rates.length);
    assertEquals(expected, m.standardError(), 0.15 * expected);
    // The interval is about 2 x 1.96 standard errors wide.
    assertEquals(2 * 1.96 * expected, m.ciUpper() - m.ciLower(), 0.2 * 2 * 1.96 * expected);
    // Unpaired resampling would add twice the spread of difficulties, several times more here.
    assertTrue(m.standardError() < 0.5 * Math.sqrt(2 * between / rates.length));
  }

  @Test
  public void equallyGoodRunsRarelyFailTheGate() {
    int failures = 0;
    double smallestTwoSided = 1;
    for (int trial = 0; trial < 20; trial++) {
      RunProblems base = SyntheticRuns.run("base", "aime", AIME_RATES, 8, 100 + trial, false);
      RunProblems cand = SyntheticRuns.run("cand", "aime", AIME_RATES, 8, 200 + trial, false);
      ComparisonReport report = compare(base, cand, CompareOptions.defaults().withReplicates(200));
      smallestTwoSided = Math.min(smallestTwoSided, pass1(report, "aime").pTwoSided());
      failures += Verdict.evaluate(Gate.defaultGate(), report).passed() ? 0 : 1;
    }
    // At alpha 0.05 one-sided, about 1 in 20 fails by chance; 4 would be very unlikely (< 2%).
    assertTrue("failures " + failures, failures <= 3);
    assertTrue(smallestTwoSided < 0.99);
  }

  @Test
  public void slightlyBetterCandidatePassesWithAPositiveDelta() {
    RunProblems base = SyntheticRuns.run("base", "aime", AIME_RATES, 32, 3, false);
    RunProblems cand =
        SyntheticRuns.run("cand", "aime", SyntheticRuns.shifted(AIME_RATES, 0.05), 32, 4, false);
    ComparisonReport report = compare(base, cand, CompareOptions.defaults());
    MetricComparison m = pass1(report, "aime");
    assertTrue(m.delta() > 0);
    assertTrue(m.pDrop() > 0.5);
    assertTrue(m.ciLower() < m.delta() && m.delta() < m.ciUpper());
    assertTrue(Verdict.evaluate(Gate.defaultGate(), report).passed());
  }

  @Test
  public void valuesAreMeansOfTheStatsPackagesPerProblemMetrics() {
    RunProblems base = SyntheticRuns.run("base", "aime", AIME_RATES, 8, 5, true);
    RunProblems cand = SyntheticRuns.run("cand", "aime", AIME_RATES, 8, 6, true);
    // maj@8 = maj@n takes the direct path, maj@2 and maj@5 the stats package's.
    ComparisonReport report = compare(base, cand, CompareOptions.defaults().withKs(2, 5, 8));
    DatasetComparison d = report.dataset("aime").orElseThrow();
    assertEquals(7, d.metrics().size());
    for (MetricComparison m : d.metrics()) {
      double b = 0;
      double c = 0;
      for (int i = 0; i < 30; i++) {
        b += value(base.problems().get(i), m.metric()) / 30;
        c += value(cand.problems().get(i), m.metric()) / 30;
      }
      assertEquals(m.metric().toString(), b, m.baseline(), 1e-12);
      assertEquals(m.metric().toString(), c, m.candidate(), 1e-12);
      assertEquals(c - b, m.delta(), 1e-12);
    }
  }

  private static double value(ProblemOutcome p, MetricName metric) {
    return switch (metric.kind()) {
      case PASS -> PassAtK.estimate(p.samples(), p.correct(), metric.k());
      case MAJ -> MajorityAtK.estimate(p.votes(), metric.k());
    };
  }

  @Test
  public void pairedIntervalCoversTheTrueDeltaMostOfTheTime() {
    // A finite population of problems; each trial evaluates both models on 40 drawn problems.
    Random random = new Random(17);
    int population = 2000;
    double[] baseRates = SyntheticRuns.rates(population, 18);
    double[] candRates = new double[population];
    double trueDelta = 0;
    for (int i = 0; i < population; i++) {
      candRates[i] = Math.min(1, Math.max(0, baseRates[i] - 0.05 + 0.2 * random.nextGaussian()));
      trueDelta += (candRates[i] - baseRates[i]) / population;
    }
    int trials = 100;
    int covered = 0;
    CompareOptions options = CompareOptions.defaults().withReplicates(400);
    for (int t = 0; t < trials; t++) {
      double[] b = new double[40];
      double[] c = new double[40];
      for (int i = 0; i < 40; i++) {
        int drawn = random.nextInt(population);
        b[i] = baseRates[drawn];
        c[i] = candRates[drawn];
      }
      MetricComparison m =
          pass1(
              compare(
                  SyntheticRuns.run("b", "d", b, 8, 1000 + t, false),
                  SyntheticRuns.run("c", "d", c, 8, 2000 + t, false),
                  options.withSeed(t)),
              "d");
      covered += m.ciLower() <= trueDelta && trueDelta <= m.ciUpper() ? 1 : 0;
    }
    // Nominal 95%; 100 trials put 88 about 3 SD below it.
    assertTrue("covered " + covered, covered >= 88);
  }

  @Test
  public void flippedProblemsAreListedWithBothRates() {
    RunProblems base = new RunProblems("b", SyntheticRuns.counts("d", 4, 3, 1, 2, 2, 0, 4));
    RunProblems cand = new RunProblems("c", SyntheticRuns.counts("d", 4, 1, 3, 2, 1, 0, 4));
    DatasetComparison d = compare(base, cand, CompareOptions.defaults()).dataset("d").orElseThrow();
    assertEquals(
        List.of(
            new FlippedProblem("p0", FlipDirection.LOST, 0.75, 0.25),
            new FlippedProblem("p3", FlipDirection.LOST, 0.5, 0.25),
            new FlippedProblem("p1", FlipDirection.GAINED, 0.25, 0.75)),
        d.flipped());
    // At 0.75, p2 (0.5 in both) and p3 no longer count as solved anywhere.
    DatasetComparison strict =
        compare(base, cand, CompareOptions.defaults().withSolvedThreshold(0.75))
            .dataset("d")
            .orElseThrow();
    assertEquals(
        List.of(
            new FlippedProblem("p0", FlipDirection.LOST, 0.75, 0.25),
            new FlippedProblem("p1", FlipDirection.GAINED, 0.25, 0.75)),
        strict.flipped());
  }

  @Test
  public void unmatchedProblemsAreReportedAndTooFewSharedIsFlagged() {
    List<ProblemOutcome> base = new ArrayList<>(SyntheticRuns.counts("a", 4, 1, 2, 3, 4));
    List<ProblemOutcome> cand = new ArrayList<>(SyntheticRuns.counts("a", 4, 1, 2, 3, 4, 0));
    cand.remove(0);
    base.add(ProblemOutcome.of("b", "only-shared", 4, 2));
    base.add(ProblemOutcome.of("b", "gone", 4, 2));
    cand.add(ProblemOutcome.of("b", "only-shared", 4, 1));
    cand.add(ProblemOutcome.of("new", "x", 4, 1));
    cand.add(ProblemOutcome.of("new", "y", 4, 1));
    ComparisonReport report =
        compare(new RunProblems("b", base), new RunProblems("c", cand), CompareOptions.defaults());
    DatasetComparison a = report.dataset("a").orElseThrow();
    assertEquals(DatasetStatus.COMPARED, a.status());
    assertEquals(3, a.sharedProblems());
    assertEquals(List.of("p0"), a.onlyInBaseline());
    assertEquals(List.of("p4"), a.onlyInCandidate());
    DatasetComparison b = report.dataset("b").orElseThrow();
    assertEquals(DatasetStatus.TOO_FEW_SHARED, b.status());
    assertEquals(1, b.sharedProblems());
    assertTrue(b.metrics().isEmpty());
    DatasetComparison fresh = report.dataset("new").orElseThrow();
    assertEquals(DatasetStatus.TOO_FEW_SHARED, fresh.status());
    assertEquals(List.of("x", "y"), fresh.onlyInCandidate());

    // "*" covers the baseline's datasets only: a and b, and b cannot be judged.
    Verdict verdict = Verdict.evaluate(Gate.defaultGate(), report);
    assertEquals(List.of("a", "b"), verdict.results().stream().map(RuleResult::dataset).toList());
    assertEquals(RuleStatus.NOT_EVALUABLE, verdict.results().get(1).status());
    assertEquals(Verdict.EXIT_INPUT_ERROR, verdict.exitCode());
  }

  @Test
  public void metricsThatCannotBeComputedAreSkippedWithAReason() {
    List<ProblemOutcome> base = SyntheticRuns.counts("d", 8, 1, 5, 7);
    List<ProblemOutcome> cand = new ArrayList<>(SyntheticRuns.counts("d", 8, 2, 5));
    cand.add(ProblemOutcome.of("d", "p2", 4, 3));
    DatasetComparison d =
        compare(
                new RunProblems("b", base),
                new RunProblems("c", cand),
                CompareOptions.defaults().withKs(4, 8))
            .dataset("d")
            .orElseThrow();
    assertEquals(
        List.of(PASS1, MetricName.pass(4)), d.metrics().stream().map(m -> m.metric()).toList());
    assertEquals(
        List.of(
            "pass@8: k exceeds the smallest n (4)",
            "maj@4: answer clusters missing for some problems",
            "maj@8: answer clusters missing for some problems"),
        d.skipped());
  }

  @Test
  public void sameSeedGivesTheSameReportWhateverTheInputOrder() {
    RunProblems base = SyntheticRuns.run("b", "aime", AIME_RATES, 8, 8, true);
    RunProblems cand =
        SyntheticRuns.run("c", "aime", SyntheticRuns.shifted(AIME_RATES, -0.05), 8, 9, true);
    List<ProblemOutcome> shuffled = new ArrayList<>(cand.problems());
    Collections.shuffle(shuffled, new Random(1));
    CompareOptions options = CompareOptions.defaults().withKs(4, 8).withReplicates(300);
    ComparisonReport first = compare(base, cand, options);
    assertEquals(first, compare(base, new RunProblems("c", shuffled), options));
    ComparisonReport otherSeed = compare(base, cand, options.withSeed(99));
    assertNotEquals(pass1(first, "aime").ciLower(), pass1(otherSeed, "aime").ciLower());
    assertEquals(pass1(first, "aime").delta(), pass1(otherSeed, "aime").delta(), 0.0);
  }

  @Test
  public void aDatasetsResultsDoNotDependOnTheOtherDatasets() {
    RunProblems base = SyntheticRuns.run("b", "aime", AIME_RATES, 8, 10, false);
    RunProblems cand = SyntheticRuns.run("c", "aime", AIME_RATES, 8, 11, false);
    List<ProblemOutcome> moreBase = new ArrayList<>(base.problems());
    List<ProblemOutcome> moreCand = new ArrayList<>(cand.problems());
    moreBase.addAll(SyntheticRuns.dataset("math", AIME_RATES, 8, 12, false));
    moreCand.addAll(SyntheticRuns.dataset("math", AIME_RATES, 8, 13, false));
    CompareOptions options = CompareOptions.defaults().withReplicates(300);
    assertEquals(
        compare(base, cand, options).dataset("aime"),
        compare(new RunProblems("b", moreBase), new RunProblems("c", moreCand), options)
            .dataset("aime"));
  }
}
