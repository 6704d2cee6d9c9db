package io.mathbeam.core.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An asynchronous counting semaphore over sequences (a request with {@code n} choices takes {@code
 * n}) whose limit is an AIMD congestion window below a hard cap: {@link #acquire(int)} returns a
 * future that completes when the request fits, so waiting requests hold no thread. Permits are
 * handed to waiters in FIFO order.
 *
 * <p>The window halves (floor 1) on a congestion signal and grows by {@code n / window} per
 * successful request of {@code n} sequences, up to the cap. Only requests admitted after the last
 * decrease can decrease it again, so a burst of rejections of requests that were already in flight
 * halves the window once, not once per request (TCP's "once per round trip").
 */
final class PermitQueue {
  private final int capacity;
  private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
  private double window;
  private long epoch;
  private int inFlight;
  private int maxInFlight;
  private boolean closed;

  /** A granted admission of {@code sequences}, made during congestion epoch {@code epoch}. */
  record Permit(int sequences, long epoch) {}

  private record Waiter(int sequences, CompletableFuture<Permit> future) {}

  PermitQueue(int capacity) {
    this.capacity = capacity;
    this.window = capacity;
  }

  /**
   * Admits {@code sequences} once they fit in the window. A request larger than the window is
   * admitted alone (when nothing else is in flight), so it can never wait forever.
   */
  CompletableFuture<Permit> acquire(int sequences) {
    synchronized (this) {
      if (closed) {
        return CompletableFuture.failedFuture(new IllegalStateException("client closed"));
      }
      if (waiters.isEmpty() && fits(sequences)) {
        return CompletableFuture.completedFuture(grant(sequences));
      }
      CompletableFuture<Permit> future = new CompletableFuture<>();
      waiters.add(new Waiter(sequences, future));
      return future;
    }
  }

  /** Returns a permit; waiters that now fit take over. */
  void release(Permit permit) {
    List<Runnable> granted;
    synchronized (this) {
      inFlight -= permit.sequences();
      granted = admitWaiters();
    }
    granted.forEach(Runnable::run);
  }

  /** The request of {@code permit} was rejected for overload (429, 503) or timed out. */
  synchronized void congested(Permit permit) {
    if (permit.epoch() == epoch) {
      window = Math.max(1, window / 2);
      epoch++;
    }
  }

  /** The request of {@code permit} completed: additive increase. */
  void succeeded(Permit permit) {
    List<Runnable> granted;
    synchronized (this) {
      window = Math.min(capacity, window + permit.sequences() / window);
      granted = admitWaiters();
    }
    granted.forEach(Runnable::run);
  }

  /** Fails every waiter; later acquires fail at once. */
  void close() {
    List<Waiter> pending;
    synchronized (this) {
      closed = true;
      pending = new ArrayList<>(waiters);
      waiters.clear();
    }
    IllegalStateException closedError = new IllegalStateException("client closed");
    pending.forEach(waiter -> waiter.future().completeExceptionally(closedError));
  }

  private boolean fits(int sequences) {
    return inFlight == 0 || inFlight + sequences <= limit();
  }

  private int limit() {
    return Math.max(1, (int) Math.floor(window));
  }

  private Permit grant(int sequences) {
    inFlight += sequences;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Permit(sequences, epoch);
  }

  /** Grants in FIFO order while the head fits; completion runs outside the lock. */
  private List<Runnable> admitWaiters() {
    List<Runnable> granted = new ArrayList<>();
    while (!waiters.isEmpty() && fits(waiters.peek().sequences())) {
      Waiter next = waiters.poll();
      Permit permit = grant(next.sequences());
      granted.add(() -> next.future().complete(permit));
    }
    return granted;
  }

  /** Whether a request of {@code sequences} would be admitted now, without waiting. */
  synchronized boolean hasRoom(int sequences) {
    return !closed && waiters.isEmpty() && fits(sequences);
  }

  synchronized int inFlight() {
    return inFlight;
  }

  synchronized int maxInFlight() {
    return maxInFlight;
  }

  synchronized int waiting() {
    return waiters.size();
  }

  /** The current congestion window, in sequences (between 1 and the hard cap). */
  synchronized double window() {
    return window;
  }
}
