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

  /** A deadline at {@code nanoTime}, a value of {@link System#nanoTime()}. */
  static Deadline at(long nanoTime) {
    return new Deadline(nanoTime);
  }

  boolean passed() {
    return System.nanoTime() - deadlineNanos > 0;
  }

  void check() {
    if (passed()) {
      throw new GradingLimitException("time budget exceeded");
    }
  }
}
