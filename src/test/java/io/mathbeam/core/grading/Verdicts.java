package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;

/** Assertions on the verdict of one bare answer against one gold, with the default grader. */
final class Verdicts {
  private static final Grader GRADER = new Grader();

  private Verdicts() {}

  static void same(String gold, String answer) {
    assertEquals(
        gold + " vs " + answer,
        GradeStatus.CORRECT,
        GRADER.gradeAnswer(answer, List.of(gold)).status());
  }

  static void different(String gold, String answer) {
    assertEquals(
        gold + " vs " + answer,
        GradeStatus.INCORRECT,
        GRADER.gradeAnswer(answer, List.of(gold)).status());
  }
}
