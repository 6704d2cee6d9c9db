package io.mathbeam.core.sim;

import io.mathbeam.core.concurrent.DaemonThreads;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The continuous-batching engine of one replica (spec §8.2, §8.5): FCFS admission while fewer than
 * {@code maxNumSeqs} sequences run and their KV fits, one prefill step for newly admitted
 * sequences, then decode steps emitting one token per running sequence. Runs of decode steps
 * without an arrival or completion are advanced in one go (closed-form duration), so a tiny dilated
 * step does not mean one sleep per step; arrivals join at the next quantum boundary (≤ 5 ms wall).
 * A job with a progress listener (a streamed response) sees its per-sequence token counts at the
 * end of every such run, when those tokens exist on the simulated clock.
 */
final class EngineLoop {
  private static final long QUANTUM_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
  private static final long MAX_LAG_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
  private static final long MIN_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
  private static final int BLOCK = 16;

  /** One HTTP request: its sequences (n per prompt) finish independently. */
  static final class Job {
    final int[] promptTokens;
    final int[] targets;
    final Consumer<Job> onDone;
    final long arrivalNanos = System.nanoTime();
    volatile long firstAdmitNanos = -1;
    volatile long firstTokenNanos = -1;
    volatile long doneNanos = -1;
    volatile boolean aborted;
    private final Runnable onProgress;
    private final AtomicIntegerArray progress;
    private boolean cancelled;
    private long progressMark = -1;
    private int remaining;

    /**
     * @param promptTokens prompt length of each sequence
     * @param targets tokens each sequence generates before it finishes
     */
    Job(int[] promptTokens, int[] targets, Consumer<Job> onDone) {
      this(promptTokens, targets, null, onDone);
    }

    /**
     * @param onProgress called on the engine thread (keep it short) after a step run in which any
     *     of the job's sequences generated tokens; null for none
     */
    Job(int[] promptTokens, int[] targets, Runnable onProgress, Consumer<Job> onDone) {
      this.promptTokens = promptTokens;
      this.targets = targets;
      this.onDone = onDone;
      this.onProgress = onProgress;
      this.progress = new AtomicIntegerArray(targets.length);
      this.remaining = targets.length;
    }

    /** Tokens sequence {@code i} has generated so far (kept up to date only with a listener). */
    int generated(int i) {
      return progress.get(i);
    }
  }

  private static final class Sequence {
    final Job job;
    final int index;
    final int prompt;
    final int target;
    int generated;
    int prefillLeft;
    int prefillThisStep;

    Sequence(Job job, int index, int prompt, int target, int prefill) {
      this.job = job;
      this.index = index;
      this.prompt = prompt;
      this.target = target;
      this.prefillLeft = prefill;
    }

    long context() {
      return (long) prompt + generated;
    }
  }

  private final Object lock = new Object();
  private final ArrayDeque<Sequence> waiting = new ArrayDeque<>();
  private final ArrayList<Sequence> running = new ArrayList<>();
  private final LatencyModel model;
  private final int maxNumSeqs;
  private final double timeScale;
  private final EngineMetrics metrics;
  private final SplittableRandom jitter;
  private final long kvCapacity;
  private volatile boolean stopping;
  private boolean cancelPending;
  private long iteration;
  private Thread thread;

  EngineLoop(
      LatencyModel model, int maxNumSeqs, double timeScale, EngineMetrics metrics, long seed) {
    this.model = model;
    this.maxNumSeqs = maxNumSeqs;
    this.timeScale = timeScale;
    this.metrics = metrics;
    this.jitter = new SplittableRandom(seed);
    this.kvCapacity = model.kvCapacityTokens();
  }

  void start(String name) {
    thread = DaemonThreads.named(name).newThread(this::run);
    thread.start();
  }

  /** Queues a job; all its sequences wait FIFO behind those already queued. */
  void submit(Job job) {
    synchronized (lock) {
      if (stopping) {
        job.aborted = true;
        job.onDone.accept(job);
        return;
      }
      int previousPrompt = -1;
      for (int i = 0; i < job.targets.length; i++) {
        int prompt = job.promptTokens[i];
        // prefix caching: a sibling with the same prompt only recomputes its last token
        int prefill = prompt == previousPrompt ? 1 : Math.max(1, prompt);
        waiting.add(new Sequence(job, i, prompt, job.targets[i], prefill));
        previousPrompt = prompt;
      }
      // a job cancelled before it was submitted is dropped at the next step boundary
      cancelPending |= job.cancelled;
      metrics.waiting = waiting.size();
      lock.notifyAll();
    }
  }

  /**
   * Drops a job's sequences from the queue and the batch at the next step boundary, freeing their
   * KV (spec §4.8); its onDone then runs with {@code aborted} set. No-op for a finished job.
   */
  void cancel(Job job) {
    synchronized (lock) {
      if (job.cancelled || job.remaining == 0) {
        return;
      }
      job.cancelled = true;
      cancelPending = true;
      lock.notifyAll();
    }
  }

  /** Stops the loop and aborts every queued or running job (each gets its onDone, aborted). */
  void shutdown() {
    List<Job> aborted = new ArrayList<>();
    synchronized (lock) {
      stopping = true;
      lock.notifyAll();
    }
    if (thread != null) {
      LockSupport.unpark(thread);
      try {
        thread.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (lock) {
      for (Sequence s : waiting) {
        addOnce(aborted, s.job);
      }
      for (Sequence s : running) {
        addOnce(aborted, s.job);
      }
      waiting.clear();
      running.clear();
      metrics.waiting = 0;
      metrics.running = 0;
    }
    for (Job job : aborted) {
      job.aborted = true;
      metrics.recordFinished("abort");
      job.onDone.accept(job);
    }
  }

  private static void addOnce(List<Job> jobs, Job job) {
    if (!jobs.contains(job)) {
      jobs.add(job);
    }
  }

  private void run() {
    long clock = System.nanoTime();
    List<Job> done = new ArrayList<>();
    List<Job> progressed = new ArrayList<>();
    while (true) {
      synchronized (lock) {
        while (!stopping && waiting.isEmpty() && running.isEmpty()) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            return;
          }
        }
        if (stopping) {
          return;
        }
        clock = Math.max(clock, System.nanoTime() - (running.isEmpty() ? 0 : MAX_LAG_NANOS));
        admit(clock);
      }
      clock += step();
      long remaining;
      // parking costs ~60 µs even for shorter waits; under dense events that would make the
      // engine fall behind its model, so events less than MIN_PARK ahead are processed early
      while (!stopping && (remaining = clock - System.nanoTime()) > MIN_PARK_NANOS) {
        LockSupport.parkNanos(remaining);
      }
      synchronized (lock) {
        if (stopping) {
          return;
        }
        finishAndPreempt(clock, done, progressed);
      }
      for (Job job : progressed) {
        try {
          job.onProgress.run();
        } catch (RuntimeException e) {
          // a listener's failure is its response's problem, not the engine's
        }
      }
      progressed.clear();
      for (Job job : done) {
        job.onDone.accept(job);
      }
      done.clear();
    }
  }

  private void admit(long clock) {
    long used = kvUsed();
    while (!waiting.isEmpty() && running.size() < maxNumSeqs) {
      Sequence next = waiting.peek();
      long need = blocks(next.context() + 1);
      if (used + need > kvCapacity && !running.isEmpty()) {
        break;
      }
      waiting.poll();
      running.add(next);
      used += need;
      if (next.job.firstAdmitNanos < 0) {
        next.job.firstAdmitNanos = clock;
      }
    }
    metrics.waiting = waiting.size();
    metrics.running = running.size();
    metrics.kvUsage = Math.min(1.0, (double) used / kvCapacity);
  }

  /** Simulates one prefill step or a run of decode steps; returns its wall duration in nanos. */
  private long step() {
    int decoding = 0;
    long context = 0;
    for (Sequence s : running) {
      if (s.prefillLeft == 0) {
        decoding++;
        context += s.context();
      }
    }
    long budget = model.maxNumBatchedTokens() - decoding;
    long prefill = 0;
    for (Sequence s : running) {
      s.prefillThisStep = 0;
      if (s.prefillLeft > 0 && budget > 0) {
        s.prefillThisStep = (int) Math.min(s.prefillLeft, budget);
        budget -= s.prefillThisStep;
        prefill += s.prefillThisStep;
      }
    }
    double ms;
    long produced = 0;
    if (prefill > 0) {
      ms = model.stepMs(decoding, context, prefill);
      for (Sequence s : running) {
        if (s.prefillLeft == 0) {
          s.generated++;
          produced++;
        } else if (s.prefillThisStep > 0) {
          s.prefillLeft -= s.prefillThisStep;
          if (s.prefillLeft == 0) {
            s.generated++;
            produced++;
          }
        }
      }
      metrics.promptTokens.addAndGet(prefill);
    } else {
      double stepMs = model.stepMs(decoding, context, 0);
      long steps = Long.MAX_VALUE;
      for (Sequence s : running) {
        steps = Math.min(steps, s.target - s.generated);
      }
      double quantumMs = QUANTUM_NANOS / 1e6 * timeScale;
      steps = Math.min(steps, Math.max(1, (long) (quantumMs / stepMs)));
      long freeKv = kvCapacity - kvUsed();
      if (decoding > 0 && freeKv > 0) {
        steps = Math.min(steps, Math.max(1, freeKv / decoding));
      }
      steps = Math.max(1, steps);
      ms = steps * stepMs + model.cKvMs() * decoding * (steps * (steps - 1) / 2.0);
      for (Sequence s : running) {
        s.generated += (int) steps;
      }
      produced = steps * decoding;
    }
    metrics.generationTokens.addAndGet(produced);
    ms *= 1 + model.jitter() * (2 * jitter.nextDouble() - 1);
    return Math.max(1, Math.round(ms * 1e6 / timeScale));
  }

  private void finishAndPreempt(long clock, List<Job> done, List<Job> progressed) {
    iteration++;
    if (cancelPending) {
      cancelPending = false;
      dropCancelled(waiting, clock, done);
      dropCancelled(running, clock, done);
    }
    Iterator<Sequence> it = running.iterator();
    while (it.hasNext()) {
      Sequence s = it.next();
      if (s.generated > 0 && s.job.firstTokenNanos < 0) {
        s.job.firstTokenNanos = clock;
      }
      if (s.job.onProgress != null && s.generated != s.job.progress.get(s.index)) {
        s.job.progress.set(s.index, s.generated);
        if (s.job.progressMark != iteration) {
          s.job.progressMark = iteration;
          progressed.add(s.job);
        }
      }
      if (s.generated >= s.target) {
        it.remove();
        if (--s.job.remaining == 0) {
          s.job.doneNanos = clock;
          done.add(s.job);
        }
      }
    }
    long used = kvUsed();
    while (used > kvCapacity && running.size() > 1) {
      Sequence victim = running.remove(running.size() - 1);
      used -= blocks(victim.context());
      victim.prefillLeft = (int) Math.min(Integer.MAX_VALUE, victim.context());
      waiting.addFirst(victim);
      metrics.preemptions.incrementAndGet();
    }
    metrics.running = running.size();
    metrics.waiting = waiting.size();
    metrics.kvUsage = Math.min(1.0, (double) used / kvCapacity);
  }

  private void dropCancelled(Iterable<Sequence> sequences, long clock, List<Job> done) {
    Iterator<Sequence> it = sequences.iterator();
    while (it.hasNext()) {
      Sequence s = it.next();
      if (s.job.cancelled) {
        it.remove();
        if (--s.job.remaining == 0) {
          s.job.aborted = true;
          s.job.doneNanos = clock;
          metrics.recordFinished("abort");
          done.add(s.job);
        }
      }
    }
  }

  private long kvUsed() {
    long used = 0;
    for (Sequence s : running) {
      used += blocks(s.context());
    }
    return used;
  }

  private static long blocks(long tokens) {
    return (tokens + BLOCK - 1) / BLOCK * BLOCK;
  }
}
