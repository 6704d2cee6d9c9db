package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Why one HTTP attempt failed.
 *
 * @param retryAfter the server's Retry-After, or null
 * @param tryNextReplica whether the retry should go to the next replica in the problem's order
 *     (connection failures and 5xx)
 */
record AttemptFailure(
    ErrorClass errorClass, String message, Duration retryAfter, boolean tryNextReplica) {

  /** A failure without a server-given wait. */
  static AttemptFailure of(ErrorClass errorClass, String message, boolean tryNextReplica) {
    return new AttemptFailure(errorClass, message, null, tryNextReplica);
  }

  /** The exception inside future wrappers. */
  static Throwable rootCause(Throwable error) {
    Throwable current = error;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  /** A one-line description of an exception for error messages. */
  static String describe(Throwable error) {
    Throwable cause = rootCause(error);
    String message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
