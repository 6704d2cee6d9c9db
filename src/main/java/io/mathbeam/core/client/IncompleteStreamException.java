package io.mathbeam.core.client;

import java.io.IOException;

/**
 * A 200 stream that ended without {@code data: [DONE]} (spec §5.1: the server died or dropped the
 * connection): a failed attempt, retryable elsewhere (spec §4.9).
 */
final class IncompleteStreamException extends IOException {
  private static final long serialVersionUID = 1L;

  static final String MESSAGE = "stream ended without [DONE]";

  /** The stream ended cleanly (end of body) but early. */
  IncompleteStreamException() {
    super(MESSAGE);
  }

  /** The connection failed mid-stream; {@code cause} is the transport's error. */
  IncompleteStreamException(Throwable cause) {
    super(MESSAGE + ": " + cause, cause);
  }
}
