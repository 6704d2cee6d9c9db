package io.mathbeam.core.client;

/**
 * A 200 stream that failed after it started: the server sent an in-band {@code data:
 * {"error":{...}}} event (spec §4.1, §5.1), e.g. when its engine died mid-generation. Retryable
 * like the HTTP status in {@link #status()} (spec §4.9).
 */
final class StreamErrorEventException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String code;

  /**
   * @param message the error's message
   * @param code the error's {@code code} as text (servers send an int or a string), or null
   */
  StreamErrorEventException(String message, String code) {
    super(message);
    this.code = code;
  }

  /** The {@code code} field as sent, or null. */
  String code() {
    return code;
  }

  /** The code when it is an HTTP status (100-599), else 500: a failure after streaming began. */
  int status() {
    if (code != null && code.matches("[1-5]\\d\\d")) {
      return Integer.parseInt(code);
    }
    return 500;
  }
}
