package io.mathbeam.core.datasets;

/**
 * A benchmark that cannot be had: not cached under {@code --offline}, not downloadable, or not
 * convertible. The message says which, and what to do.
 */
public final class BenchmarkUnavailableException extends Exception {
  public BenchmarkUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
