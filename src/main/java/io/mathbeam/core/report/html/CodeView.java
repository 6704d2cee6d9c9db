package io.mathbeam.core.report.html;

/**
 * What running a code sample's program showed, as the problem browser prints it.
 *
 * @param execution the execution status ({@code ok}, {@code error}, {@code timeout}, ...), or null
 *     when the response had no program
 * @param firstFailure the first failing test and what went wrong, or empty
 */
public record CodeView(String execution, int testsPassed, int testsTotal, String firstFailure) {

  /** The grade list's short form: {@code tests 3/5 (error)}. */
  String summary() {
    if (execution == null) {
      return "no code";
    }
    return "tests "
        + testsPassed
        + "/"
        + testsTotal
        + ("ok".equals(execution) ? "" : " (" + execution + ")");
  }
}
