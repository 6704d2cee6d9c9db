package io.mathbeam.core.grading;

import io.mathbeam.core.model.GradeStatus;

/**
 * The grade of one answer.
 *
 * @param extractedAnswer the answer found in the response (as written there), or null
 * @param status CORRECT, INCORRECT, NO_ANSWER, UNPARSEABLE, GRADER_TIMEOUT or GRADER_ERROR
 * @param micros time the grader took
 */
public record GradeResult(String extractedAnswer, GradeStatus status, long micros) {
  public boolean correct() {
    return status == GradeStatus.CORRECT;
  }
}
