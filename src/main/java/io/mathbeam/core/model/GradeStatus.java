package io.mathbeam.core.model;

/** The outcome of one sample. Exactly one per sample. */
public enum GradeStatus {
  CORRECT,
  INCORRECT,
  /** The response had no extractable final answer (includes truncation before the answer). */
  NO_ANSWER,
  /** The request failed; see the sample's error class. */
  REQUEST_ERROR,
  /** An answer was extracted but could not be parsed as mathematics: never a wrong answer. */
  UNPARSEABLE,
  /** The comparison ran out of its time budget or size limits: never a wrong answer. */
  GRADER_TIMEOUT,
  /** The grader itself failed (an exception): never a wrong answer. */
  GRADER_ERROR,
  /**
   * The reward comes from the judge model and the judge failed (request error, malformed verdict):
   * never a wrong answer.
   */
  JUDGE_ERROR;

  /** Computed once: every sample's row, part and coder asks for it. */
  private final String wireName = name().toLowerCase(java.util.Locale.ROOT);

  public String wireName() {
    return wireName;
  }
}
