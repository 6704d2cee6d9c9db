package io.mathbeam.core.grading;

/** A point in time after which a comparison gives up; checked inside every loop. */
final class Deadline {
  private final long deadlineNanos;

  private Deadline(long deadlineNanos) {
    this.deadlineNanos = deadlineNanos;
  }

  static Deadline after(long budgetNanos) {
    return new Deadline(System.nanoTime() + budgetNanos);
  }

  void check() {
    if (System.nanoTime() - deadlineNanos > 0) {
      throw new GradingLimitException("time budget exceeded");
    }
  }
}
