package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.MetricName;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class MarkdownSummaryTest {
  @Test
  public void showsTablesFlipsAndGateResults() {
    List<ProblemOutcome> base = new ArrayList<>(SyntheticRuns.counts("aime", 4, 4, 4, 0, 1, 2));
    List<ProblemOutcome> cand = new ArrayList<>(SyntheticRuns.counts("aime", 4, 0, 4, 4, 1));
    base.add(ProblemOutcome.of("odd|set", "q", 4, 1));
    ComparisonReport report =
        new PairedComparison(CompareOptions.defaults().withKs(4).withReplicates(200))
            .compare(new RunProblems("runs/base", base), new RunProblems("runs/cand", cand));
    Verdict verdict =
        Verdict.evaluate(
            new Gate(
                "g",
                List.of(
                    new ThresholdRule("aime", MetricName.pass(1), 0.9, 0.0, false),
                    NoSignificantDropRule.perRule("aime", MetricName.pass(4), 0.05))),
            report);
    String md = MarkdownSummary.render(report, verdict);

    assertTrue(md, md.startsWith("# mathbeam compare: runs/cand vs baseline runs/base\n"));
    assertTrue(
        md,
        md.contains(
            "**Verdict: REGRESSION** (exit 1): 1 rule result(s) passed, 0 warned, 1 failed"));
    assertTrue(md, md.contains("## Power\n\n- power aime pass@4: catches a drop of "));
    assertTrue(md, md.contains("## aime\n\n4 shared problems; 1 only in baseline: p4.\n"));
    MetricComparison p1 = report.dataset("aime").orElseThrow().metric(MetricName.pass(1)).get();
    assertEquals(0.5625, p1.baseline(), 1e-12);
    assertEquals(0.5625, p1.candidate(), 1e-12);
    assertTrue(
        md,
        md.contains(
            String.format(
                "| pass@1 | 56.3%% | 56.3%% | +0.0 pts [%+.1f, %+.1f] | 1.0000 | ",
                100 * p1.ciLower(), 100 * p1.ciUpper())));
    assertTrue(md, md.contains("| **FAIL** |\n| pass@4 |"));
    assertTrue(md, md.contains("| maj@4 |") == false);
    assertTrue(md, md.contains("- not computed: maj@4: answer clusters missing"));
    assertTrue(md, md.contains("Flipped problems (solved = pass@1 >= 0.50): 1 lost, 1 gained."));
    assertTrue(md, md.contains("| p0 | solved -> unsolved | 100.0% | 0.0% |\n"));
    assertTrue(md, md.contains("| p2 | unsolved -> solved | 0.0% | 100.0% |\n"));
    assertTrue(md, md.contains("## odd\\|set\n\n0 shared problems; 1 only in baseline: q."));
    assertTrue(md, md.contains("| aime | pass@1 >= 0.9000 | FAIL | candidate pass@1 = 0.5625 is"));
  }

  @Test
  public void longFlipListsAreCutWithACount() {
    int[] all = new int[30];
    int[] none = new int[30];
    java.util.Arrays.fill(all, 4);
    ComparisonReport report =
        new PairedComparison(CompareOptions.defaults().withReplicates(50))
            .compare(
                new RunProblems("b", SyntheticRuns.counts("d", 4, all)),
                new RunProblems("c", SyntheticRuns.counts("d", 4, none)));
    String md = MarkdownSummary.render(report, Verdict.evaluate(Gate.defaultGate(), report));
    assertEquals(25, md.split("\\| solved -> unsolved \\| 100.0% \\| 0.0% \\|", -1).length - 1);
    assertTrue(md, md.contains("| ... | 5 more solved -> unsolved (see compare.json) | | |\n"));
  }
}
