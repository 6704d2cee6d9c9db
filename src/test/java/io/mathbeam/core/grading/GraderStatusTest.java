package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

public class GraderStatusTest {
  private final Grader grader = new Grader();

  private GradeStatus status(String answer, String... golds) {
    return grader.gradeAnswer(answer, List.of(golds)).status();
  }

  @Test
  public void malformedMathIsUnparseableNotIncorrect() {
    assertEquals(GradeStatus.UNPARSEABLE, status("\\frac{1}{", "3"));
    assertEquals(GradeStatus.UNPARSEABLE, status("2 +* 3 )", "5"));
    assertEquals(GradeStatus.UNPARSEABLE, status("x ==", "\\frac{1}{2}"));
  }

  @Test
  public void malformedMathEqualToTheGoldAsTextIsCorrect() {
    assertEquals(GradeStatus.CORRECT, status("\\frac{1}{", "\\frac{1}{"));
    assertEquals(GradeStatus.CORRECT, status("2 +* 3", "2+*3"));
  }

  @Test
  public void wordsAreDecidedAsText() {
    assertEquals(GradeStatus.CORRECT, status("\\text{Evelyn}", "evelyn"));
    assertEquals(GradeStatus.INCORRECT, status("\\text{Navin}", "\\text{Evelyn}"));
    assertEquals(GradeStatus.INCORRECT, status("no solution", "5"));
    assertEquals(GradeStatus.INCORRECT, status("7", "\\text{even}"));
  }

  @Test
  public void limitsAreTimeoutsNotWrongAnswers() {
    assertEquals(GradeStatus.GRADER_TIMEOUT, status("10^{10^{10}}", "5"));
    assertEquals(GradeStatus.GRADER_TIMEOUT, status("1".repeat(AnswerParser.MAX_LENGTH + 1), "2"));
    assertEquals(GradeStatus.GRADER_TIMEOUT, status("(".repeat(400) + "2" + ")".repeat(400), "3"));
    Grader hurried = new Grader(1);
    assertEquals(
        GradeStatus.GRADER_TIMEOUT,
        hurried.gradeAnswer("\\sin(x)^2+\\cos(x)^2", List.of("1")).status());
  }

  @Test
  public void missingAnswerAndMissingGold() {
    assertEquals(GradeStatus.NO_ANSWER, status(null, "3"));
    assertEquals(GradeStatus.NO_ANSWER, status("  ", "3"));
    assertEquals(GradeStatus.NO_ANSWER, status("$ $", "3"));
    assertEquals(GradeStatus.GRADER_ERROR, grader.gradeAnswer("3", List.of()).status());
    assertEquals(GradeStatus.GRADER_ERROR, grader.gradeAnswer("3", List.of("\\boxed{}")).status());
    assertEquals(GradeStatus.GRADER_ERROR, grader.gradeAnswer("3", null).status());
  }

  @Test
  public void anyCorrectGoldWins() {
    assertEquals(GradeStatus.CORRECT, status("7", "6", "7"));
    assertEquals(GradeStatus.CORRECT, status("7", "10^{10^{10}}", "7"));
    assertEquals(GradeStatus.CORRECT, status("7", "\\frac{1}{", "7"));
  }

  @Test
  public void incorrectOnlyWhenEveryGoldDecidedIncorrect() {
    assertEquals(GradeStatus.INCORRECT, status("8", "6", "7"));
    assertEquals(GradeStatus.UNPARSEABLE, status("8", "6", "\\frac{1}{"));
    assertEquals(GradeStatus.GRADER_TIMEOUT, status("8", "\\frac{1}{", "10^{10^{10}}", "6"));
  }

  @Test
  public void combineRanksUndecidedStatuses() {
    GradeStatus[] order = {
      GradeStatus.INCORRECT,
      GradeStatus.UNPARSEABLE,
      GradeStatus.GRADER_TIMEOUT,
      GradeStatus.GRADER_ERROR
    };
    for (int i = 0; i < order.length; i++) {
      assertEquals(GradeStatus.CORRECT, Grader.combine(order[i], GradeStatus.CORRECT));
      assertEquals(GradeStatus.CORRECT, Grader.combine(GradeStatus.CORRECT, order[i]));
      for (int j = 0; j < order.length; j++) {
        assertEquals(order[Math.max(i, j)], Grader.combine(order[i], order[j]));
      }
    }
  }

  @Test
  public void versionIsStamped() {
    assertTrue(Grader.VERSION, Grader.VERSION.matches("mathbeam-grader/\\d+"));
  }
}
