package io.mathbeam.core.problems;

/** A code problem's data (its tests, its metadata) cannot be read; the message says why. */
final class CodeFormatException extends Exception {
  CodeFormatException(String message) {
    super(message);
  }

  CodeFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
