package io.mathbeam.core.sandbox;

/** The isolation cannot start here; nothing was run. The message says what to do. */
public final class SandboxUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SandboxUnavailableException(String message) {
    super(message);
  }
}
