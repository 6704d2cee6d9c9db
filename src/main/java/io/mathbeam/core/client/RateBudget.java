package io.mathbeam.core.client;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A token bucket that never blocks: {@link #reserve(double)} takes the amount at once, possibly
 * into debt, and says how long the caller must wait before starting, so later callers queue behind
 * the debt in order. The bucket holds at most one second of its rate, so an idle spell buys at most
 * one second of burst. A rate of 0 means no budget.
 *
 * <p>A client that holds only shares of a job-wide budget ({@link CapLease}) scales the rate with
 * {@link #setShare}: the bucket then refills at that fraction of the configured rate.
 */
final class RateBudget {
  private final double configured;
  private double perSecond;
  private final LongSupplier nanoClock;
  private double available;
  private long refilledAt;

  RateBudget(double perSecond, LongSupplier nanoClock) {
    if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("rate must be a finite number >= 0: " + perSecond);
    }
    this.configured = perSecond;
    this.perSecond = perSecond;
    this.nanoClock = nanoClock;
    this.available = perSecond;
    this.refilledAt = nanoClock.getAsLong();
  }

  boolean limited() {
    return configured > 0;
  }

  /**
   * Refills at {@code fraction} of the configured rate from now on (1 is the whole rate). A limited
   * budget at share 0 never refills; a client reserves only while it holds a lease, so that case is
   * a last guard: the reservation is told to wait a second.
   */
  synchronized void setShare(double fraction) {
    if (!(fraction >= 0 && fraction <= 1.000001)) {
      throw new IllegalArgumentException("share must be between 0 and 1: " + fraction);
    }
    refill();
    perSecond = configured * Math.min(1, fraction);
    available = Math.min(available, perSecond);
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
    if (perSecond == 0) {
      return Duration.ofSeconds(1);
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
