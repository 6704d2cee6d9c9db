package io.mathbeam.core.grading;

/**
 * A comparison ran out of its {@link WorkBudget} (or, in the last resort, its wall-clock guard) or
 * hit a size limit (length, nesting, a huge power or factorial). The grade becomes {@link
 * io.mathbeam.core.model.GradeStatus#GRADER_TIMEOUT} unless another path already decided it.
 */
final class GradingLimitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  GradingLimitException(String message) {
    super(message, null, false, false);
  }
}
