package io.mathbeam.core.grading;

/**
 * The work one grade call may do, counted in units rather than measured in time, so that the same
 * input gives the same verdict on every machine and under any load. The grader charges a unit for
 * each step it takes (a character parsed, a node compared or evaluated, a factorial iteration) and
 * more for big-number arithmetic, by the size of the operands ({@link ArithmeticCost}), before it
 * does the work. When the units run out, {@link #charge} throws {@link GradingLimitException} and
 * the grade becomes GRADER_TIMEOUT.
 *
 * <p>A wall-clock guard stays behind the count, checked every {@value #CHARGES_PER_CLOCK_READ}
 * charges: it is the only path on which timing can change a verdict, and it is there only against
 * an input the counting underestimates; the default work budget ends in far less time than the
 * default guard. Not thread-safe; one instance per grade call.
 */
final class WorkBudget {
  /** Charges between two readings of the clock: a clock read costs more than a charge. */
  static final int CHARGES_PER_CLOCK_READ = 256;

  private final long limit;
  private final long guardNanos;
  private long start;
  private boolean started;
  private long used;
  private int untilClockRead = CHARGES_PER_CLOCK_READ;
  private boolean wallGuardTripped;

  WorkBudget(long limit, long guardNanos) {
    this.limit = limit;
    this.guardNanos = guardNanos;
  }

  /** Takes {@code units} of work, or throws once more than the limit was taken. */
  void charge(long units) {
    if (!started) {
      // The guard times the counted work only: extraction and normalization before it are
      // linear passes over the text, and a loaded machine must not spend their time against it.
      started = true;
      start = System.nanoTime();
    }
    used += units;
    if (used > limit) {
      throw new GradingLimitException("work budget of " + limit + " units exhausted");
    }
    if (--untilClockRead <= 0) {
      untilClockRead = CHARGES_PER_CLOCK_READ;
      if (System.nanoTime() - start > guardNanos) {
        wallGuardTripped = true;
      }
    }
    if (wallGuardTripped) {
      throw new GradingLimitException("wall-clock guard of " + guardNanos / 1_000_000 + " ms hit");
    }
  }

  /** Throws when the budget is already spent (after a caller caught a size limit, say). */
  void check() {
    charge(0);
  }

  /** Units taken so far (more than {@link #limit} once exhausted). */
  long used() {
    return used;
  }

  long limit() {
    return limit;
  }

  /** Whether more than the limit was asked for. */
  boolean exhausted() {
    return used > limit;
  }

  /** Whether the wall-clock guard, not the count, stopped the call. */
  boolean wallGuardTripped() {
    return wallGuardTripped;
  }
}
