package io.mathbeam.core.grading;

/** The answer text is not an expression the parser understands. */
final class AnswerParseException extends Exception {
  private static final long serialVersionUID = 1L;

  AnswerParseException(String message) {
    super(message);
  }
}
