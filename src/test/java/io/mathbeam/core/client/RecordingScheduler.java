package io.mathbeam.core.client;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Records every delay the client asks for and runs the task after a thousandth of it, so tests see
 * the exact backoff and probe intervals without waiting them out.
 */
final class RecordingScheduler implements DelayScheduler, AutoCloseable {
  private final ScheduledExecutorService executor = Executors.newScheduledThreadPool(2);
  private final List<Duration> delays = new CopyOnWriteArrayList<>();

  @Override
  public void schedule(Duration delay, Runnable task) {
    delays.add(delay);
    executor.schedule(task, delay.toNanos() / 1000, TimeUnit.NANOSECONDS);
  }

  List<Duration> delays() {
    return List.copyOf(delays);
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
