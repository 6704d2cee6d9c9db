package io.mathbeam.core.report.html;

/**
 * One graded sample as the problem browser shows it. {@code status} is the grade status name,
 * {@code extractedAnswer} may be null (no answer), {@code response} may be long or null; {@code
 * code} is null except for code problems, whose extracted answer is the program.
 */
public record SampleView(
    int index,
    String status,
    String extractedAnswer,
    boolean correct,
    String finishReason,
    int completionTokens,
    String response,
    CodeView code) {

  /** A sample of a problem that is not a code problem. */
  public SampleView(
      int index,
      String status,
      String extractedAnswer,
      boolean correct,
      String finishReason,
      int completionTokens,
      String response) {
    this(index, status, extractedAnswer, correct, finishReason, completionTokens, response, null);
  }
}
