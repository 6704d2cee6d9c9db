package io.mathbeam.core.model;

import java.io.Serializable;

/**
 * A generation with its grade: the record every sample ends as.
 *
 * @param extractedAnswer the final answer found in the response, or null
 * @param status the final grade, the one metrics count (see {@code RewardSource})
 * @param gradeMicros time the grader took
 * @param symbolicStatus the symbolic grader's own grade; equals {@code status} without a judge
 * @param judgment the judge model's decision, or null when the sample was not sent to a judge
 * @param code for a code problem, what running the response's program against the tests showed (its
 *     extracted answer is then the program); null for other problems
 */
public record GradedSample(
    Generation generation,
    String extractedAnswer,
    GradeStatus status,
    long gradeMicros,
    GradeStatus symbolicStatus,
    Judgment judgment,
    CodeOutcome code)
    implements Serializable {

  /** A sample of a problem that is not a code problem. */
  public GradedSample(
      Generation generation,
      String extractedAnswer,
      GradeStatus status,
      long gradeMicros,
      GradeStatus symbolicStatus,
      Judgment judgment) {
    this(generation, extractedAnswer, status, gradeMicros, symbolicStatus, judgment, null);
  }

  /** A code problem's sample, graded by running its program. */
  public static GradedSample ofCode(
      Generation generation, CodeOutcome code, GradeStatus status, long gradeMicros) {
    return new GradedSample(generation, code.code(), status, gradeMicros, status, null, code);
  }

  /** A sample graded by the symbolic grader alone. */
  public GradedSample(
      Generation generation, String extractedAnswer, GradeStatus status, long gradeMicros) {
    this(generation, extractedAnswer, status, gradeMicros, status, null);
  }

  public boolean correct() {
    return status == GradeStatus.CORRECT;
  }

  public SampleRequest request() {
    return generation.request();
  }

  /** This sample with the judge's decision and the final grade it leads to. */
  public GradedSample withJudgment(Judgment judgment, GradeStatus finalStatus) {
    return new GradedSample(
        generation, extractedAnswer, finalStatus, gradeMicros, symbolicStatus, judgment, code);
  }
}
