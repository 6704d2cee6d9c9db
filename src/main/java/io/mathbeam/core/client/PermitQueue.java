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
 *
 * <p>The cap can move while the queue is in use ({@link #addCapacity}): a client whose cap is the
 * sum of the shares it leases ({@link CapLease}) starts at 0, where nothing is admitted, and grows
 * and shrinks with its leases. Lowering the cap never cancels what is in flight; it only stops new
 * admissions until the count is back under it.
 */
final class PermitQueue {
  private int capacity;
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
   * admitted alone (when nothing else is in flight), so it can never wait forever; with a cap of 0
   * nothing is admitted until the cap grows.
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
      window = Math.min(capacity, Math.max(1, window / 2));
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

  /**
   * Raises the hard cap by {@code delta} sequences (lowers it when negative). The window moves with
   * it: a raise is usable at once, a cut takes the window down to the new cap at most.
   */
  void addCapacity(int delta) {
    List<Runnable> granted;
    synchronized (this) {
      if (capacity + delta < 0) {
        throw new IllegalStateException(
            "capacity " + capacity + " cannot be lowered by " + (-delta));
      }
      capacity += delta;
      window = delta > 0 ? Math.min(capacity, window + delta) : Math.min(window, capacity);
      granted = admitWaiters();
    }
    granted.forEach(Runnable::run);
  }

  /** The hard cap now, in sequences. */
  synchronized int capacity() {
    return capacity;
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
    return capacity > 0 && (inFlight == 0 || inFlight + sequences <= limit());
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

  /** Sequences a request could take now without waiting (0 while requests wait). */
  synchronized int room() {
    return closed || capacity == 0 || !waiters.isEmpty() ? 0 : Math.max(0, limit() - inFlight);
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
