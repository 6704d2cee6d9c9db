package io.mathbeam.core.client;

/** A 200 response whose body is not a usable completion. */
final class MalformedResponseException extends Exception {
  private static final long serialVersionUID = 1L;

  MalformedResponseException(String message) {
    super(message);
  }

  MalformedResponseException(String message, Throwable cause) {
    super(message, cause);
  }
}
