package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.MetricName;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class VerdictTest {
  /** Dataset "up" improves, "down" collapses; both runs have answer clusters, K = 8. */
  private static ComparisonReport report() {
    double[] rates = SyntheticRuns.rates(30, 3);
    List<ProblemOutcome> base = new ArrayList<>();
    List<ProblemOutcome> cand = new ArrayList<>();
    base.addAll(SyntheticRuns.dataset("up", rates, 8, 1, true));
    cand.addAll(SyntheticRuns.dataset("up", SyntheticRuns.shifted(rates, 0.1), 8, 2, true));
    base.addAll(SyntheticRuns.dataset("down", rates, 8, 3, true));
    cand.addAll(SyntheticRuns.dataset("down", SyntheticRuns.shifted(rates, -0.3), 8, 4, true));
    return new PairedComparison(CompareOptions.defaults().withKs(8).withReplicates(300))
        .compare(new RunProblems("base", base), new RunProblems("cand", cand));
  }

  private static final ComparisonReport REPORT = report();

  private static Gate gate(GateRule... rules) {
    return new Gate("test", List.of(rules));
  }

  @Test
  public void everyRulePassingExitsZero() {
    Verdict v =
        Verdict.evaluate(
            gate(
                NoSignificantDropRule.perRule("up", MetricName.pass(1), 0.05),
                NoSignificantDropRule.perRule("up", MetricName.maj(8), 0.05),
                new ThresholdRule("down", MetricName.pass(1), 0.0, 0.0, false)),
            REPORT);
    assertTrue(v.passed());
    assertEquals(Verdict.EXIT_PASS, v.exitCode());
  }

  @Test
  public void wildcardRuleJudgesEachBaselineDatasetAndARegressionExitsOne() {
    Verdict v = Verdict.evaluate(Gate.defaultGate(), REPORT);
    assertEquals(List.of("down", "up"), v.results().stream().map(RuleResult::dataset).toList());
    assertEquals(RuleStatus.FAIL, v.results().get(0).status());
    assertTrue(v.results().get(0).reason(), v.results().get(0).reason().contains("p(drop)"));
    assertEquals(RuleStatus.PASS, v.results().get(1).status());
    assertFalse(v.passed());
    assertEquals(Verdict.EXIT_REGRESSION, v.exitCode());
  }

  @Test
  public void aRuleThatCannotBeEvaluatedExitsTwoEvenBesideARegression() {
    Verdict v =
        Verdict.evaluate(
            gate(
                NoSignificantDropRule.perRule("down", MetricName.pass(1), 0.05),
                NoSignificantDropRule.perRule("aime25", MetricName.pass(1), 0.05),
                new ThresholdRule("up", MetricName.pass(4), 0.2, 0.0, false)),
            REPORT);
    assertEquals(
        List.of(RuleStatus.FAIL, RuleStatus.NOT_EVALUABLE, RuleStatus.NOT_EVALUABLE),
        v.results().stream().map(RuleResult::status).toList());
    assertEquals("dataset is in neither run", v.results().get(1).reason());
    assertTrue(v.results().get(2).reason(), v.results().get(2).reason().contains("not requested"));
    assertEquals(Verdict.EXIT_INPUT_ERROR, v.exitCode());
  }
}
