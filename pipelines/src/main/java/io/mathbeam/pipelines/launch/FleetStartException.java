package io.mathbeam.pipelines.launch;

/**
 * A launched server that could not be started or never became ready; the message says which, and
 * carries no cause (the CLI prints the innermost message of a chain).
 */
public final class FleetStartException extends RuntimeException {
  public FleetStartException(String message) {
    super(message);
  }
}
