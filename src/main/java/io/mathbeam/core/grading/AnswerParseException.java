package io.mathbeam.core.grading;

/** The answer text is not an expression the parser understands. */
final class AnswerParseException extends Exception {
  private static final long serialVersionUID = 1L;

  AnswerParseException(String message) {
    // No stack trace: a parse failure is an expected outcome on the hot path.
    super(message, null, false, false);
  }
}
