package io.mathbeam.pipelines.launch;

/** A launched server that could not be started or never became ready; the message says which. */
public final class FleetStartException extends RuntimeException {
  public FleetStartException(String message) {
    super(message);
  }

  public FleetStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
