package io.mathbeam.core.client;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task after a delay without blocking the caller: backoff before retries and periodic health
 * probes go through it, so tests can inject one that records delays instead of waiting.
 */
@FunctionalInterface
public interface DelayScheduler {

  /** Runs {@code task} once, {@code delay} from now (a zero delay still runs asynchronously). */
  void schedule(Duration delay, Runnable task);

  /** A scheduler backed by {@code executor}. */
  static DelayScheduler of(ScheduledExecutorService executor) {
    return (delay, task) -> executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
  }
}
