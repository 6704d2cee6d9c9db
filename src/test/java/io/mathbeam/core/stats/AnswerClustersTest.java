package io.mathbeam.core.stats;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiPredicate;
import org.junit.Test;

public class AnswerClustersTest {
  private static final BiPredicate<String, String> NUMERIC =
      (a, b) -> Math.abs(Double.parseDouble(a) - Double.parseDouble(b)) <= 1.0;

  @Test
  public void joinsClusterOfFirstEquivalentRepresentative() {
    ProblemVotes v =
        AnswerClusters.of(
            "d",
            "p",
            Arrays.asList("5", "6", "7", "5.5"),
            List.of(true, true, false, true),
            NUMERIC);
    // 6 is within 1 of 5; 7 is within 1 of 6 but not of the representative 5: no chaining.
    assertArrayEquals(new int[] {3, 1}, v.clusterSizes());
    assertArrayEquals(new boolean[] {true, false}, v.clusterCorrect());
    assertEquals(3, v.correct());
    assertEquals(4, v.samples());
  }

  @Test
  public void clusterCorrectnessFollowsItsFirstMember() {
    ProblemVotes v =
        AnswerClusters.of("d", "p", List.of("1/2", "0.5"), List.of(false, true), (a, b) -> true);
    assertArrayEquals(new int[] {2}, v.clusterSizes());
    assertArrayEquals(new boolean[] {false}, v.clusterCorrect());
    assertEquals(1, v.correct());
  }

  @Test
  public void nullAnswersAbstainAndDoNotVote() {
    ProblemVotes v =
        AnswerClusters.of(
            "d",
            "p",
            Arrays.asList(null, "3", null, "3"),
            Arrays.asList(false, true, null, true),
            String::equals);
    assertEquals(2, v.abstentions());
    assertArrayEquals(new int[] {2}, v.clusterSizes());
    assertEquals(4, v.samples());
    assertEquals(2, v.correct());
  }

  @Test
  public void identicalAnswersNeverCallThePredicate() {
    List<String[]> calls = new ArrayList<>();
    BiPredicate<String, String> counting =
        (a, b) -> {
          calls.add(new String[] {a, b});
          return a.equals("0.5") && b.equals("1/2");
        };
    List<String> answers = List.of("1/2", "7", "1/2", "0.5", "7", "0.5", "1/2", "7");
    ProblemVotes v =
        AnswerClusters.of("d", "p", answers, answers.stream().map(a -> false).toList(), counting);
    assertArrayEquals(new int[] {5, 3}, v.clusterSizes());
    // Only the first "7" (vs 1/2) and the first "0.5" (vs 1/2) need the grader.
    assertEquals(2, calls.size());
  }

  @Test
  public void rejectsMismatchedLists() {
    assertThrows(
        IllegalArgumentException.class,
        () -> AnswerClusters.of("d", "p", List.of("1"), List.of(), String::equals));
  }

  @Test
  public void votesCopyArraysAndCompareByContent() {
    int[] sizes = {2, 1};
    boolean[] correct = {true, false};
    ProblemVotes a = new ProblemVotes("d", "p", 4, 2, sizes, correct, 1);
    sizes[0] = 9;
    correct[0] = false;
    assertEquals(2, a.clusterSize(0));
    a.clusterSizes()[1] = 7;
    assertEquals(1, a.clusterSize(1));
    ProblemVotes b =
        new ProblemVotes("d", "p", 4, 2, new int[] {2, 1}, new boolean[] {true, false}, 1);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(
        a, new ProblemVotes("d", "p", 4, 2, new int[] {1, 2}, new boolean[] {true, false}, 1));
  }

  @Test
  public void votesRejectInconsistentCounts() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new ProblemVotes("d", "p", 5, 2, new int[] {2, 1}, new boolean[] {true, false}, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ProblemVotes("d", "p", 3, 2, new int[] {3, 0}, new boolean[] {true, false}, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ProblemVotes("d", "p", 3, 4, new int[] {3}, new boolean[] {true}, 0));
  }
}
