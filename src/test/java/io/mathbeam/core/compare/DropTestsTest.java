package io.mathbeam.core.compare;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.MetricName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.Test;

public class DropTestsTest {
  private static final MetricName PASS1 = MetricName.pass(1);

  /**
   * A compared dataset whose pass@1 has the given per-problem differences and a drop p-value set by
   * hand (the gate reads the comparison's own test when a rule has no margin).
   */
  private static DatasetComparison dataset(String name, double pDrop, double... differences) {
    double delta = Arrays.stream(differences).average().orElseThrow();
    MetricComparison m =
        new MetricComparison(
            PASS1,
            0.5,
            0.5 + delta,
            delta,
            delta - 0.05,
            delta + 0.05,
            PairedDifferences.of(differences).standardError(),
            new SignFlipResult(delta, 2 * pDrop, pDrop, differences.length, false, 10_000),
            PairedDifferences.of(differences));
    return new DatasetComparison(
        name,
        DatasetStatus.COMPARED,
        differences.length,
        List.of(),
        List.of(),
        List.of(m),
        List.of(),
        List.of());
  }

  private static ComparisonReport report(DatasetComparison... datasets) {
    return new ComparisonReport("base", "cand", CompareOptions.defaults(), List.of(datasets));
  }

  private static double[] constant(int count, double value) {
    double[] out = new double[count];
    Arrays.fill(out, value);
    return out;
  }

  private static List<RuleStatus> statuses(Verdict v) {
    return v.results().stream().map(RuleResult::status).toList();
  }

  @Test
  public void holmAdjustsStepDownAndKeepsTheOrder() {
    double[] p = {0.01, 0.04, 0.03, 0.5, 0.9};
    double[] adjusted = p.clone();
    // Only the first four form the family; the last is a rule with its own alpha.
    DropTests.holm(p, new int[] {0, 1, 2, 3}, adjusted);
    assertArrayEquals(new double[] {0.04, 0.09, 0.09, 0.5, 0.9}, adjusted, 1e-12);
  }

  @Test
  public void aDropSignificantAloneButNotAcrossTheFamilyPassesTheDefaultGate() {
    ComparisonReport report =
        report(
            dataset("a", 0.02, constant(40, -0.01)),
            dataset("b", 0.6, constant(40, 0.0)),
            dataset("c", 0.7, constant(40, 0.0)),
            dataset("d", 0.8, constant(40, 0.0)));
    Verdict familyWise = Verdict.evaluate(Gate.defaultGate(), report);
    assertEquals(
        List.of(RuleStatus.PASS, RuleStatus.PASS, RuleStatus.PASS, RuleStatus.PASS),
        statuses(familyWise));
    RuleResult a = familyWise.results().get(0);
    assertTrue(a.reason(), a.reason().contains("Holm-adjusted over 4 tests 0.08"));
    assertEquals(0.05 / 4, a.power().level(), 1e-12);

    Gate perRule = new Gate("per rule", List.of(NoSignificantDropRule.perRule("*", PASS1, 0.05)));
    assertEquals(RuleStatus.FAIL, Verdict.evaluate(perRule, report).results().get(0).status());
  }

  @Test
  public void aDropClearAcrossTheFamilyFails() {
    ComparisonReport report =
        report(dataset("a", 0.001, constant(40, -0.1)), dataset("b", 0.6, constant(40, 0.0)));
    Verdict v = Verdict.evaluate(Gate.defaultGate(), report);
    assertEquals(List.of(RuleStatus.FAIL, RuleStatus.PASS), statuses(v));
    assertEquals(Verdict.EXIT_REGRESSION, v.exitCode());
  }

  @Test
  public void aSmallPValueWithoutANegativeDeltaPasses() {
    Verdict v = Verdict.evaluate(Gate.defaultGate(), report(dataset("a", 0.001, 0.02, -0.02)));
    assertEquals(List.of(RuleStatus.PASS), statuses(v));
  }

  @Test
  public void aDropWithinTheMarginWarnsAndOneBeyondItFails() {
    // Every problem lost 5 points: significant, beyond a 2-point margin, within a 10-point one.
    ComparisonReport report = report(dataset("a", 1e-4, constant(30, -0.05)));
    Gate twoPoints = new Gate("g", List.of(new NoSignificantDropRule("*", PASS1, 0.02, null)));
    Gate tenPoints = new Gate("g", List.of(new NoSignificantDropRule("*", PASS1, 0.10, null)));
    assertEquals(List.of(RuleStatus.FAIL), statuses(Verdict.evaluate(twoPoints, report)));
    Verdict warned = Verdict.evaluate(tenPoints, report);
    assertEquals(List.of(RuleStatus.WARN), statuses(warned));
    assertTrue(warned.passed());
    assertEquals(Verdict.EXIT_PASS, warned.exitCode());
    String reason = warned.results().get(0).reason();
    assertTrue(reason, reason.contains("p(drop > 10 points) = 1"));
    assertTrue(reason, reason.contains("not beyond the margin"));
    assertTrue(MarkdownSummary.render(report, warned).contains("| warn |"));
    assertTrue(JUnitXml.render(report, warned).contains("WARNING: "));
  }

  @Test
  public void powerStatesTheSmallestDropAndTheSamplesANamedDropNeeds() {
    // pass@1 of 400 problems, K = 4 in both runs, every problem at rate 1/2 in both: all the
    // differences' spread is the samples' noise, so the needed K follows 1/K exactly.
    List<ProblemOutcome> base = new ArrayList<>();
    List<ProblemOutcome> cand = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      base.add(ProblemOutcome.of("m", "p" + i, 4, 2));
      cand.add(ProblemOutcome.of("m", "p" + i, 4, i % 2 == 0 ? 1 : 3));
    }
    ComparisonReport report =
        new PairedComparison(CompareOptions.defaults().withReplicates(200))
            .compare(new RunProblems("b", base), new RunProblems("c", cand));
    Verdict v = Verdict.evaluate(Gate.defaultGate(), report, 0.02);
    DetectionPower power = v.results().get(0).power();
    // Differences are +-0.25: SE = 0.25 / sqrt(400) (up to N - 1), z(0.95) + z(0.8) = 2.4865.
    double se = 0.25 * Math.sqrt(400.0 / 399) / 20;
    assertEquals(se, power.standardError(), 1e-12);
    assertEquals(2.4865 * se, power.smallestDrop(), 1e-4);
    // Within-problem variance of one sample of each run: A = 4 (1/4 + 3/16) / 3 = 0.5833 (p(1-p)
    // times n / (n - 1)), no heterogeneity (S^2 is below the within part), so K solves
    // sqrt(A / K / 400) = 0.02 / 2.4865: K = 22.54, rounded up.
    assertEquals(23, power.samplesNeeded(), 0);
    assertEquals(4, power.samplesNow());
    assertTrue(power.describe(), power.describe().contains("samples per problem (now 4)"));
  }

  @Test
  public void identicalSamplesStillStateThePowerTheSamplesNoiseAllows() {
    // Seeded, deterministic serving of an unchanged model gives the very same samples: S = 0, but
    // a changed model's samples would differ by the samples' noise, sqrt(mean within / N).
    List<ProblemOutcome> run = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      run.add(ProblemOutcome.of("m", "p" + i, 4, 2));
    }
    ComparisonReport report =
        new PairedComparison(CompareOptions.defaults().withReplicates(100))
            .compare(new RunProblems("b", run), new RunProblems("c", run));
    DetectionPower power = Verdict.evaluate(Gate.defaultGate(), report).results().get(0).power();
    // Each problem's rate 1/2 of 4 samples: p(1-p)/(n-1) = 1/12 per run, 1/6 for the difference.
    assertEquals(Math.sqrt(1.0 / 6 / 100), power.standardError(), 1e-12);
    assertTrue(power.smallestDrop() > 0);

    // All solved in both runs: nothing varies and nothing can be said.
    List<ProblemOutcome> solved = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      solved.add(ProblemOutcome.of("m", "p" + i, 4, 4));
    }
    ComparisonReport flat =
        new PairedComparison(CompareOptions.defaults().withReplicates(100))
            .compare(new RunProblems("b", solved), new RunProblems("c", solved));
    DetectionPower none = Verdict.evaluate(Gate.defaultGate(), flat).results().get(0).power();
    assertTrue(Double.isNaN(none.smallestDrop()));
    assertTrue(none.describe(), none.describe().contains("power not known"));
  }
}
