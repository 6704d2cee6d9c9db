package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.Test;

public class ProblemIntervalsTest {
  private static final List<ProblemVotes> SMALL = SimulatedVotes.dataset("a", 40, 8, 7);

  @Test
  public void pointEstimatesAreMeansOfPerProblemMetrics() {
    IntervalReport report = new ProblemIntervals().run(SMALL);
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
  public void theReportDoesNotDependOnTheInputOrder() {
    List<ProblemVotes> shuffled = new ArrayList<>(SMALL);
    Collections.shuffle(shuffled, new Random(3));
    assertEquals(new ProblemIntervals().run(SMALL), new ProblemIntervals().run(shuffled));
  }

  @Test
  public void intervalBracketsPointAndSpreadMatchesClosedForm() {
    List<ProblemVotes> problems = SimulatedVotes.dataset("a", 300, 8, 11);
    MetricInterval pass1 =
        new ProblemIntervals().run(problems).find("a", MetricName.pass(1)).orElseThrow();
    assertTrue(pass1.lower() < pass1.point() && pass1.point() < pass1.upper());
    // The standard error is the closed form's itself; away from 0 and 1 with 300 problems the
    // Jeffreys interval is within a few percent of +-1.96 of it.
    assertEquals(PassAtOneStandardError.of(problems), pass1.standardError(), 1e-12);
    assertEquals(
        2 * 1.96 * pass1.standardError(),
        pass1.upper() - pass1.lower(),
        0.03 * (pass1.upper() - pass1.lower()));
  }

  @Test
  public void binaryValuesGiveTheJeffreysIntervalOfTheirCount() {
    // pass@1 of one sample per problem: 7 of 40 solved is a binomial proportion, and the interval
    // is Jeffreys' for 7 of 39.5 ... of 40 nearly: the effective size is N - 1 = 39 for binary
    // values (S^2 has N - 1 below), x = 39 * 7/40. Beta(7.325, 32.675)'s 2.5% and 97.5% points.
    List<ProblemVotes> problems = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      boolean right = i < 7;
      problems.add(
          new ProblemVotes(
              "b", "p" + i, 1, right ? 1 : 0, new int[] {1}, new boolean[] {right}, 0));
    }
    MetricInterval pass1 = new ProblemIntervals().run(problems).find("b", MetricName.pass(1)).get();
    org.apache.commons.math3.distribution.BetaDistribution jeffreys =
        new org.apache.commons.math3.distribution.BetaDistribution(
            39 * 7 / 40.0 + 0.5, 39 * 33 / 40.0 + 0.5);
    assertEquals(jeffreys.inverseCumulativeProbability(0.025), pass1.lower(), 1e-7);
    assertEquals(jeffreys.inverseCumulativeProbability(0.975), pass1.upper(), 1e-7);
    assertTrue(pass1.lower() > 0.07 && pass1.upper() < 0.34);
  }

  @Test
  public void everyProblemSolvedStillLeavesRoomBelowOne() {
    // 198 problems all solved at least once in 16 samples: not certainty. Jeffreys at n = N, x = N:
    // the lower end is Beta(198.5, 0.5)'s 2.5% point, about 0.9975.
    List<ProblemVotes> problems = new ArrayList<>();
    for (int i = 0; i < 198; i++) {
      problems.add(
          new ProblemVotes(
              "g", "p" + i, 16, 12, new int[] {12, 4}, new boolean[] {true, false}, 0));
    }
    MetricInterval pass16 =
        new ProblemIntervals().run(problems).find("g", MetricName.pass(16)).get();
    assertEquals(1.0, pass16.point(), 0);
    assertEquals(1.0, pass16.upper(), 0);
    assertEquals(
        new org.apache.commons.math3.distribution.BetaDistribution(198.5, 0.5)
            .inverseCumulativeProbability(0.025),
        pass16.lower(),
        1e-9);
    assertTrue(pass16.lower() < 0.999);
  }

  @Test
  public void intervalsCoverThePopulationsPassAtOneAtTheirLevel() {
    // Known truth: 60 problems per replication with rates u^1.5 (mean 0.4) and a 3% abstention,
    // as SimulatedVotes draws them; pass@1's population value is 0.97 * 0.4 = 0.388.
    int replications = 400;
    int covered = 0;
    for (int r = 0; r < replications; r++) {
      // Seeds far apart: java.util.Random's first draws from nearby seeds are correlated.
      long seed = new java.util.SplittableRandom(1000 + r).nextLong();
      List<ProblemVotes> problems = SimulatedVotes.dataset("a", 60, 4, seed);
      MetricInterval pass1 =
          new ProblemIntervals().run(problems).find("a", MetricName.pass(1)).get();
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
    IntervalReport report = new ProblemIntervals().run(all);
    for (MetricName m : List.of(MetricName.pass(1), MetricName.maj(3))) {
      double b = report.find("big", m).orElseThrow().point();
      double s = report.find("small", m).orElseThrow().point();
      assertEquals(
          0.9 * b + 0.1 * s, report.find(ProblemIntervals.MICRO, m).orElseThrow().point(), 1e-12);
      assertEquals(
          0.5 * (b + s), report.find(ProblemIntervals.MACRO, m).orElseThrow().point(), 1e-12);
      assertEquals(100, report.find(ProblemIntervals.MICRO, m).orElseThrow().problems());
    }
    // Datasets are independent: adding a dataset leaves another's interval as it was.
    IntervalReport alone = new ProblemIntervals().run(big);
    assertEquals(
        alone.find("big", MetricName.maj(2)).orElseThrow(),
        report.find("big", MetricName.maj(2)).orElseThrow());
  }

  @Test
  public void macroSpreadIsNarrowerThanItsSmallDatasets() {
    List<ProblemVotes> all = new ArrayList<>(SimulatedVotes.dataset("x", 20, 4, 5));
    all.addAll(SimulatedVotes.dataset("y", 20, 4, 6));
    IntervalReport report = new ProblemIntervals().run(all);
    MetricName m = MetricName.pass(1);
    double x = report.find("x", m).orElseThrow().standardError();
    double y = report.find("y", m).orElseThrow().standardError();
    double macro = report.find(ProblemIntervals.MACRO, m).orElseThrow().standardError();
    // Independent datasets: SE of the mean of two is about sqrt(x^2 + y^2) / 2.
    assertEquals(Math.sqrt(x * x + y * y) / 2, macro, 0.15 * macro);
  }

  @Test
  public void restrictedKsSkipThoseAboveTheSmallestSampleCount() {
    List<ProblemVotes> all = new ArrayList<>(SimulatedVotes.dataset("wide", 10, 16, 1));
    all.addAll(SimulatedVotes.dataset("narrow", 10, 4, 2));
    IntervalReport report =
        new ProblemIntervals().withKs(ProblemIntervals.powersOfTwoAnd(16)).run(all);
    assertTrue(report.find("wide", MetricName.maj(16)).isPresent());
    assertTrue(report.find("wide", MetricName.pass(8)).isPresent());
    assertFalse(report.find("wide", MetricName.pass(3)).isPresent());
    assertFalse(report.find("narrow", MetricName.maj(8)).isPresent());
    assertTrue(report.find(ProblemIntervals.MICRO, MetricName.maj(4)).isPresent());
    assertFalse(report.find(ProblemIntervals.MACRO, MetricName.pass(8)).isPresent());
  }

  @Test
  public void powersOfTwoEndWithK() {
    assertEquals(List.of(1, 2, 4, 8, 10), box(ProblemIntervals.powersOfTwoAnd(10)));
    assertEquals(List.of(1, 2, 4, 8, 16), box(ProblemIntervals.powersOfTwoAnd(16)));
    assertEquals(List.of(1), box(ProblemIntervals.powersOfTwoAnd(1)));
  }

  @Test
  public void rejectsDuplicateProblemsAndEmptyInput() {
    List<ProblemVotes> twice = new ArrayList<>(SMALL);
    twice.add(SMALL.get(0));
    assertThrows(IllegalArgumentException.class, () -> new ProblemIntervals().run(twice));
    assertThrows(IllegalArgumentException.class, () -> new ProblemIntervals().run(List.of()));
  }

  @Test
  public void certainProblemsHaveNoStandardErrorButAnIntervalBelowOne() {
    List<ProblemVotes> solved = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      solved.add(new ProblemVotes("s", "p" + i, 4, 4, new int[] {4}, new boolean[] {true}, 0));
    }
    MetricInterval maj =
        new ProblemIntervals().run(solved).find("s", MetricName.maj(2)).orElseThrow();
    assertEquals(1.0, maj.point(), 0.0);
    assertEquals(0.0, maj.standardError(), 0.0);
    // Five problems, all certain: Jeffreys at n = 5 leaves plenty of room below 1.
    assertEquals(1.0, maj.upper(), 0.0);
    assertTrue(String.valueOf(maj.lower()), maj.lower() < 0.9);
  }

  private static List<Integer> box(int[] values) {
    List<Integer> out = new ArrayList<>();
    for (int v : values) {
      out.add(v);
    }
    return out;
  }
}
