package io.mathbeam.core.datasets;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An exclusive lock on one benchmark of a cache, across processes (a {@link FileLock} on a lock
 * file) and across threads of this JVM (file locks are held per process, and a second lock of the
 * same file from this JVM would throw rather than wait).
 */
final class CacheLock implements AutoCloseable {
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS =
      new ConcurrentHashMap<>();

  private final ReentrantLock threads;
  private final FileChannel channel;
  private final FileLock lock;

  private CacheLock(ReentrantLock threads, FileChannel channel, FileLock lock) {
    this.threads = threads;
    this.channel = channel;
    this.lock = lock;
  }

  static CacheLock acquire(Path file) throws IOException, InterruptedException {
    Path key = file.toAbsolutePath().normalize();
    ReentrantLock threads = IN_PROCESS.computeIfAbsent(key, k -> new ReentrantLock());
    threads.lockInterruptibly();
    try {
      Files.createDirectories(key.getParent());
      FileChannel channel =
          FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        return new CacheLock(threads, channel, channel.lock());
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      threads.unlock();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
      channel.close();
    } finally {
      threads.unlock();
    }
  }
}
