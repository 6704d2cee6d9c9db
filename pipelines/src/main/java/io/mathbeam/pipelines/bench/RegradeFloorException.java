package io.mathbeam.pipelines.bench;

import java.io.IOException;

/**
 * {@link RegradeFloor} could not regrade a run: the input is not a run directory (the message names
 * the file or field), a sample file cannot be read, or a grading thread failed.
 */
final class RegradeFloorException extends IOException {
  private static final long serialVersionUID = 1L;

  RegradeFloorException(String message, Throwable cause) {
    super(message, cause);
  }
}
