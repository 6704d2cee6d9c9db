package io.mathbeam.core.model;

/** The outcome of one sample. Exactly one per sample. */
public enum GradeStatus {
  CORRECT,
  INCORRECT,
  /** The response had no extractable final answer (includes truncation before the answer). */
  NO_ANSWER,
  /** The request failed; see the sample's error class. */
  REQUEST_ERROR,
  /** The grader failed (exception, timeout, unparseable): never counted as a wrong answer. */
  GRADER_ERROR;

  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
