package io.mathbeam.core.sim;

/** A bad command-line flag of {@code serve-sim}. */
public final class SimUsageException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public SimUsageException(String message) {
    super(message);
  }
}
