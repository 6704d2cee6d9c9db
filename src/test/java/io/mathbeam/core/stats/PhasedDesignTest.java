package io.mathbeam.core.stats;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.ProblemKeys;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class PhasedDesignTest {
  private static final PhasedDesign DESIGN =
      new PhasedDesign(4, Map.of("b", new int[] {4, 6}, "a", new int[] {4, 2}));

  @Test
  public void eachProblemsOutcomesSplitIntoItsPhasesBySampleIndex() {
    // phase means 4 and 4: weights 1/2 and 1/2
    assertArrayEquals(new double[] {0.5, 0.5}, DESIGN.weights(), 1e-12);
    // problems in id order: a then b
    assertArrayEquals(new int[][] {{4, 4}, {2, 6}}, DESIGN.byPhase());
    double[] w = DESIGN.weights();
    // a: 3 of its first 4, 1 of its next 2
    assertEquals(
        0.5 * 3 / 4 + 0.5 * 1 / 2,
        DESIGN.estimate("a", List.of(true, true, false, true, false, true), w),
        1e-12);
    // b: none of the first 4, 3 of the next 6: the late successes weigh as much as the first phase
    assertEquals(
        0.5 * 0 + 0.5 * 3 / 6,
        DESIGN.estimate(
            "b", List.of(false, false, false, false, true, true, true, false, false, false), w),
        1e-12);
    assertTrue(DESIGN.covers("a"));
    assertFalse(DESIGN.covers("c"));
  }

  @Test
  public void outcomesThatAreNotTheDesignsSamplesAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DESIGN.estimate("a", List.of(true, true), DESIGN.weights()));
    assertTrue(e.getMessage(), e.getMessage().contains("a has 2 samples, its phases 6"));
  }

  @Test
  public void inconsistentDesignsAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new PhasedDesign(4, Map.of("a", new int[] {4, 2}, "b", new int[] {4, 2, 1})));
    assertThrows(
        IllegalArgumentException.class, () -> new PhasedDesign(4, Map.of("a", new int[] {3, 2})));
    assertThrows(
        IllegalArgumentException.class, () -> new PhasedDesign(4, Map.of("a", new int[] {4, 0})));
  }

  /** The intervals take the phased estimates for pass@1 and the votes for everything else. */
  @Test
  public void intervalsUseTheGivenPassAtOne() {
    List<ProblemVotes> votes =
        List.of(
            AnswerClusters.of("d", "a", List.of("1", "2"), List.of(true, false), String::equals),
            AnswerClusters.of("d", "b", List.of("3", "3"), List.of(false, false), String::equals));
    IntervalReport plain = new ProblemIntervals().run(votes);
    assertEquals(0.25, plain.find("d", MetricName.pass(1)).orElseThrow().point(), 1e-12);
    IntervalReport given =
        new ProblemIntervals()
            .withPassAtOne(Map.of(ProblemKeys.of("d", "a"), 0.9, ProblemKeys.of("d", "b"), 0.1))
            .run(votes);
    MetricInterval passAtOne = given.find("d", MetricName.pass(1)).orElseThrow();
    assertEquals(0.5, passAtOne.point(), 1e-12);
    // sqrt(S^2 / N) of 0.9 and 0.1: S^2 = 0.32
    assertEquals(Math.sqrt(0.32 / 2), passAtOne.standardError(), 1e-12);
    assertEquals(
        0.5, given.find(ProblemIntervals.MICRO, MetricName.pass(1)).orElseThrow().point(), 1e-12);
    // pass@2 still from the votes
    assertEquals(
        plain.find("d", MetricName.pass(2)).orElseThrow().point(),
        given.find("d", MetricName.pass(2)).orElseThrow().point(),
        1e-12);
  }
}
