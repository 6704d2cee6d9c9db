package io.mathbeam.core.model;

import java.util.Locale;

/** How one execution of model-written code ended. */
public enum ExecutionStatus {
  /** The program ran to the end and exited 0. */
  OK,
  /** The program raised an exception or exited with a non-zero code. */
  ERROR,
  /** The program ran past its wall-clock or CPU-time limit. */
  TIMEOUT,
  /** The program ran out of its memory (address space) limit. */
  MEMORY,
  /** The program wrote more to stdout or stderr than the limit allows. */
  OUTPUT_LIMIT,
  /**
   * The program was ended by a signal that none of the sandbox's limits sent: its own {@code kill},
   * a crash (a segmentation fault), or an exit status of 128 + N that it chose itself.
   */
  KILLED,
  /**
   * The sandbox itself failed (the isolation could not start, the interpreter is missing): never
   * the model's fault, never counted as a wrong answer.
   */
  SANDBOX_ERROR;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The status a {@link #wireName()} names. */
  public static ExecutionStatus fromWireName(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }
}
