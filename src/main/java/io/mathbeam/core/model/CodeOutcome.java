package io.mathbeam.core.model;

import java.io.Serializable;

/**
 * What running a response's code against a problem's tests showed.
 *
 * @param code the program extracted from the response, or null when it had none
 * @param execution how the (first failing, else last) execution ended; {@code SANDBOX_ERROR} means
 *     the sandbox failed, never the model
 * @param testsPassed tests that passed
 * @param testsTotal tests run or due ({@link CodeTask#testCount()})
 * @param firstFailure the first failing test and what went wrong (input, expected, got, error), or
 *     {@code ""} when all passed or no code was found
 * @param executionMillis wall time spent in the sandbox
 */
public record CodeOutcome(
    String code,
    ExecutionStatus execution,
    int testsPassed,
    int testsTotal,
    String firstFailure,
    long executionMillis)
    implements Serializable {

  public CodeOutcome {
    firstFailure = firstFailure == null ? "" : firstFailure;
  }

  public boolean hasCode() {
    return code != null;
  }

  /** Every test passed. */
  public boolean passed() {
    return code != null && execution == ExecutionStatus.OK && testsPassed == testsTotal;
  }

  /**
   * The grade: {@code no_answer} without a program, {@code grader_error} when the sandbox failed
   * (never the model's fault), else correct exactly when every test passed.
   */
  public GradeStatus gradeStatus() {
    if (!hasCode()) {
      return GradeStatus.NO_ANSWER;
    }
    if (execution == ExecutionStatus.SANDBOX_ERROR) {
      return GradeStatus.GRADER_ERROR;
    }
    return passed() ? GradeStatus.CORRECT : GradeStatus.INCORRECT;
  }

  /** A response without a program: nothing ran. */
  public static CodeOutcome noCode(int testsTotal) {
    return new CodeOutcome(null, ExecutionStatus.OK, 0, testsTotal, "", 0);
  }
}
