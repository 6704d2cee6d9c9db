package io.mathbeam.core.client;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts the tail copies that {@link TailCopies} picks, and looks again when none is old enough.
 */
final class TailCopyStarter {
  private final TailCopies tailCopies;
  private final Set<SampleCall> activeCalls;
  private final AttemptLoop loop;
  private final CallResults results;
  private final DelayScheduler scheduler;
  private final AtomicBoolean closed;
  private final AtomicInteger copyRequests = new AtomicInteger();
  private final AtomicBoolean copyRecheckPending = new AtomicBoolean();

  TailCopyStarter(
      TailCopies tailCopies,
      Set<SampleCall> activeCalls,
      AttemptLoop loop,
      CallResults results,
      DelayScheduler scheduler,
      AtomicBoolean closed) {
    this.tailCopies = tailCopies;
    this.activeCalls = activeCalls;
    this.loop = loop;
    this.results = results;
    this.scheduler = scheduler;
    this.closed = closed;
  }

  /**
   * Starts the tail copies that fit now ({@link TailCopies}). One thread at a time picks; a call
   * that finds it picking asks it to go round again.
   */
  void copyTail() {
    if (copyRequests.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    long recheck = 0;
    do {
      TailCopies.Picks picks = tailCopies.choose(activeCalls, System.nanoTime());
      for (TailCopies.Pick pick : picks.picks()) {
        startCopy(pick.original(), pick.target());
      }
      recheck = picks.recheckNanos();
      missed = copyRequests.addAndGet(-missed);
    } while (missed != 0);
    if (recheck > 0 && copyRecheckPending.compareAndSet(false, true)) {
      // originals too young to copy yet: look again when the first of them is old enough, even if
      // no response arrives meanwhile
      try {
        scheduler.schedule(
            Duration.ofNanos(recheck),
            () -> {
              copyRecheckPending.set(false);
              if (!closed.get()) {
                copyTail();
              }
            });
      } catch (RuntimeException e) {
        copyRecheckPending.set(false);
      }
    }
  }

  private void startCopy(SampleCall original, Replica target) {
    SampleCall copy;
    synchronized (original) {
      if (original.result.isDone() || original.cancelled || original.copy != null) {
        return;
      }
      copy = new SampleCall(original, target);
      original.copy = copy;
    }
    tailCopies.started();
    activeCalls.add(copy);
    copy.result.whenComplete(
        (generations, error) -> {
          activeCalls.remove(copy);
          copy.releaseExpected();
        });
    loop.start(copy);
    if (original.result.isDone()) {
      // the original answered while the copy was being set up
      results.cancel(copy);
    }
  }
}
