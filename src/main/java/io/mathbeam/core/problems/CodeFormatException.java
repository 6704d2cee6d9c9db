package io.mathbeam.core.problems;

/** A code problem's data (its tests, its metadata) cannot be read; the message says why. */
public final class CodeFormatException extends Exception {
  public CodeFormatException(String message) {
    super(message);
  }

  public CodeFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
