package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.Test;

public class ClusteredBootstrapTest {
  private static final List<ProblemVotes> SMALL = SimulatedVotes.dataset("a", 40, 8, 7);

  @Test
  public void pointEstimatesAreMeansOfPerProblemMetrics() {
    BootstrapReport report = new ClusteredBootstrap(50, 1).run(SMALL);
    for (int k = 1; k <= 8; k++) {
      double pass = 0;
      double maj = 0;
      for (ProblemVotes p : SMALL) {
        pass += PassAtK.estimate(p.samples(), p.correct(), k) / SMALL.size();
        maj += MajorityAtK.estimate(p, k) / SMALL.size();
      }
      assertEquals(pass, report.find("a", MetricName.pass(k)).orElseThrow().point(), 1e-12);
      assertEquals(maj, report.find("a", MetricName.maj(k)).orElseThrow().point(), 1e-12);
    }
  }

  @Test
  public void sameSeedGivesSameReportWhateverTheInputOrder() {
    List<ProblemVotes> shuffled = new ArrayList<>(SMALL);
    Collections.shuffle(shuffled, new Random(3));
    assertEquals(
        new ClusteredBootstrap(200, 9).run(SMALL), new ClusteredBootstrap(200, 9).run(shuffled));
    assertNotEquals(
        new ClusteredBootstrap(200, 9).run(SMALL), new ClusteredBootstrap(200, 10).run(SMALL));
  }

  @Test
  public void intervalBracketsPointAndSpreadMatchesClosedForm() {
    List<ProblemVotes> problems = SimulatedVotes.dataset("a", 300, 8, 11);
    MetricInterval pass1 =
        new ClusteredBootstrap(1000, 5).run(problems).find("a", MetricName.pass(1)).orElseThrow();
    assertTrue(pass1.lower() < pass1.point() && pass1.point() < pass1.upper());
    // Problems only are resampled, so the standard error is the closed form's itself, and the
    // interval spans about +-1.97 of it (t with 299 degrees of freedom, Monte Carlo noise aside).
    assertEquals(PassAtOneStandardError.of(problems), pass1.standardError(), 1e-12);
    assertEquals(
        2 * 1.968 * pass1.standardError(),
        pass1.upper() - pass1.lower(),
        0.08 * (pass1.upper() - pass1.lower()));
  }

  @Test
  public void theExpandedTailCorrectsForFewProblems() {
    // Phi(-sqrt(30/29) t(0.975, 29)) = Phi(-2.0801) = 0.01876 (Hesterberg's expanded percentile).
    assertEquals(0.01876, ProblemBootstrap.tailProbability(30, 0.95), 5e-5);
    assertEquals(0.02457, ProblemBootstrap.tailProbability(500, 0.95), 5e-5);
    assertEquals(0.025, ProblemBootstrap.tailProbability(1, 0.95), 1e-12);
    assertTrue(ProblemBootstrap.tailProbability(100_000, 0.95) < 0.025);
  }

  @Test
  public void intervalsCoverThePopulationsPassAtOneAtTheirLevel() {
    // Known truth: 60 problems per replication with rates u^1.5 (mean 0.4) and a 3% abstention,
    // as SimulatedVotes draws them; pass@1's population value is 0.97 * 0.4 = 0.388.
    int replications = 400;
    int covered = 0;
    for (int r = 0; r < replications; r++) {
      List<ProblemVotes> problems = SimulatedVotes.dataset("a", 60, 4, 1000 + r);
      MetricInterval pass1 =
          new ClusteredBootstrap(400, r).run(problems).find("a", MetricName.pass(1)).get();
      covered += pass1.contains(0.97 * 0.4) ? 1 : 0;
    }
    // 95% +- 2.2 standard errors of a 400-replication share (1.1 points).
    assertTrue("covered " + covered, covered >= 371 && covered <= 389);
  }

  @Test
  public void microWeighsProblemsAndMacroWeighsDatasets() {
    List<ProblemVotes> big = SimulatedVotes.dataset("big", 90, 4, 1);
    List<ProblemVotes> small = SimulatedVotes.dataset("small", 10, 4, 2);
    List<ProblemVotes> all = new ArrayList<>(big);
    all.addAll(small);
    BootstrapReport report = new ClusteredBootstrap(100, 4).run(all);
    for (MetricName m : List.of(MetricName.pass(1), MetricName.maj(3))) {
      double b = report.find("big", m).orElseThrow().point();
      double s = report.find("small", m).orElseThrow().point();
      assertEquals(
          0.9 * b + 0.1 * s, report.find(ClusteredBootstrap.MICRO, m).orElseThrow().point(), 1e-12);
      assertEquals(
          0.5 * (b + s), report.find(ClusteredBootstrap.MACRO, m).orElseThrow().point(), 1e-12);
      assertEquals(100, report.find(ClusteredBootstrap.MICRO, m).orElseThrow().problems());
    }
    // Each dataset draws from its own stream: adding a dataset leaves another's interval as it was.
    BootstrapReport alone = new ClusteredBootstrap(100, 4).run(big);
    assertEquals(
        alone.find("big", MetricName.maj(2)).orElseThrow(),
        report.find("big", MetricName.maj(2)).orElseThrow());
  }

  @Test
  public void macroSpreadIsNarrowerThanItsSmallDatasets() {
    List<ProblemVotes> all = new ArrayList<>(SimulatedVotes.dataset("x", 20, 4, 5));
    all.addAll(SimulatedVotes.dataset("y", 20, 4, 6));
    BootstrapReport report = new ClusteredBootstrap(400, 4).run(all);
    MetricName m = MetricName.pass(1);
    double x = report.find("x", m).orElseThrow().standardError();
    double y = report.find("y", m).orElseThrow().standardError();
    double macro = report.find(ClusteredBootstrap.MACRO, m).orElseThrow().standardError();
    // Independent datasets: SE of the mean of two is about sqrt(x^2 + y^2) / 2.
    assertEquals(Math.sqrt(x * x + y * y) / 2, macro, 0.15 * macro);
  }

  @Test
  public void restrictedKsSkipThoseAboveTheSmallestSampleCount() {
    List<ProblemVotes> all = new ArrayList<>(SimulatedVotes.dataset("wide", 10, 16, 1));
    all.addAll(SimulatedVotes.dataset("narrow", 10, 4, 2));
    BootstrapReport report =
        new ClusteredBootstrap(20, 1).withKs(ClusteredBootstrap.powersOfTwoAnd(16)).run(all);
    assertTrue(report.find("wide", MetricName.maj(16)).isPresent());
    assertTrue(report.find("wide", MetricName.pass(8)).isPresent());
    assertFalse(report.find("wide", MetricName.pass(3)).isPresent());
    assertFalse(report.find("narrow", MetricName.maj(8)).isPresent());
    assertTrue(report.find(ClusteredBootstrap.MICRO, MetricName.maj(4)).isPresent());
    assertFalse(report.find(ClusteredBootstrap.MACRO, MetricName.pass(8)).isPresent());
  }

  @Test
  public void powersOfTwoEndWithK() {
    assertEquals(List.of(1, 2, 4, 8, 10), box(ClusteredBootstrap.powersOfTwoAnd(10)));
    assertEquals(List.of(1, 2, 4, 8, 16), box(ClusteredBootstrap.powersOfTwoAnd(16)));
    assertEquals(List.of(1), box(ClusteredBootstrap.powersOfTwoAnd(1)));
  }

  @Test
  public void rejectsDuplicateProblemsAndEmptyInput() {
    List<ProblemVotes> twice = new ArrayList<>(SMALL);
    twice.add(SMALL.get(0));
    assertThrows(IllegalArgumentException.class, () -> new ClusteredBootstrap(10, 1).run(twice));
    assertThrows(
        IllegalArgumentException.class, () -> new ClusteredBootstrap(10, 1).run(List.of()));
  }

  @Test
  public void certainProblemsHaveZeroWidthIntervals() {
    List<ProblemVotes> solved = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      solved.add(new ProblemVotes("s", "p" + i, 4, 4, new int[] {4}, new boolean[] {true}, 0));
    }
    MetricInterval maj =
        new ClusteredBootstrap(50, 1).run(solved).find("s", MetricName.maj(2)).orElseThrow();
    assertEquals(1.0, maj.point(), 0.0);
    assertEquals(0.0, maj.standardError(), 0.0);
    assertEquals(1.0, maj.lower(), 0.0);
  }

  private static List<Integer> box(int[] values) {
    List<Integer> out = new ArrayList<>();
    for (int v : values) {
      out.add(v);
    }
    return out;
  }
}
