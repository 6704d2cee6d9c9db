package io.mathbeam.core.client;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A token bucket that never blocks: {@link #reserve(double)} takes the amount at once, possibly
 * into debt, and says how long the caller must wait before starting, so later callers queue behind
 * the debt in order. The bucket holds at most one second of its rate, so an idle spell buys at most
 * one second of burst. A rate of 0 means no budget.
 */
final class RateBudget {
  private final double perSecond;
  private final LongSupplier nanoClock;
  private double available;
  private long refilledAt;

  RateBudget(double perSecond, LongSupplier nanoClock) {
    if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("rate must be a finite number >= 0: " + perSecond);
    }
    this.perSecond = perSecond;
    this.nanoClock = nanoClock;
    this.available = perSecond;
    this.refilledAt = nanoClock.getAsLong();
  }

  boolean limited() {
    return perSecond > 0;
  }

  /** Takes {@code amount} and returns how long to wait before the work it pays for may start. */
  synchronized Duration reserve(double amount) {
    if (!limited()) {
      return Duration.ZERO;
    }
    refill();
    available -= amount;
    if (available >= 0) {
      return Duration.ZERO;
    }
    return Duration.ofNanos((long) Math.ceil(-available / perSecond * 1e9));
  }

  /** Gives back part of a reservation that was not used (a shorter generation, a failure). */
  synchronized void refund(double amount) {
    if (!limited() || amount <= 0) {
      return;
    }
    refill();
    available = Math.min(perSecond, available + amount);
  }

  private void refill() {
    long now = nanoClock.getAsLong();
    available = Math.min(perSecond, available + (now - refilledAt) / 1e9 * perSecond);
    refilledAt = now;
  }
}
