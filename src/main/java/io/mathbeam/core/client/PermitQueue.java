package io.mathbeam.core.client;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * An asynchronous counting semaphore: {@link #acquire()} returns a future that completes when a
 * permit is free, so waiting requests hold no thread. Permits are handed to waiters in FIFO order.
 */
final class PermitQueue {
  private final int capacity;
  private final ArrayDeque<CompletableFuture<Void>> waiters = new ArrayDeque<>();
  private int inFlight;
  private int maxInFlight;
  private boolean closed;

  PermitQueue(int capacity) {
    this.capacity = capacity;
  }

  CompletableFuture<Void> acquire() {
    synchronized (this) {
      if (closed) {
        return CompletableFuture.failedFuture(new IllegalStateException("client closed"));
      }
      if (inFlight < capacity) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return CompletableFuture.completedFuture(null);
      }
      CompletableFuture<Void> waiter = new CompletableFuture<>();
      waiters.add(waiter);
      return waiter;
    }
  }

  /** Returns a permit; the next waiter (if any) takes it over directly. */
  void release() {
    CompletableFuture<Void> next;
    synchronized (this) {
      next = waiters.poll();
      if (next == null) {
        inFlight--;
      }
    }
    if (next != null) {
      next.complete(null);
    }
  }

  /** Fails every waiter; later acquires fail at once. */
  void close() {
    ArrayDeque<CompletableFuture<Void>> pending;
    synchronized (this) {
      closed = true;
      pending = new ArrayDeque<>(waiters);
      waiters.clear();
    }
    IllegalStateException closedError = new IllegalStateException("client closed");
    pending.forEach(waiter -> waiter.completeExceptionally(closedError));
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
}
