package io.mathbeam.core.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** A thread factory whose threads never keep the JVM alive, named after what they serve. */
public final class DaemonThreads implements ThreadFactory {
  private final String prefix;
  private final AtomicInteger count;

  private DaemonThreads(String prefix, AtomicInteger count) {
    this.prefix = prefix;
    this.count = count;
  }

  /** Threads named {@code prefix-1}, {@code prefix-2}, ... */
  public static DaemonThreads numbered(String prefix) {
    return new DaemonThreads(prefix, new AtomicInteger());
  }

  /** Threads that all carry {@code name}: for an executor with one thread. */
  public static DaemonThreads named(String name) {
    return new DaemonThreads(name, null);
  }

  @Override
  public Thread newThread(Runnable runnable) {
    String name = count == null ? prefix : prefix + "-" + count.incrementAndGet();
    Thread thread = new Thread(runnable, name);
    thread.setDaemon(true);
    return thread;
  }
}
