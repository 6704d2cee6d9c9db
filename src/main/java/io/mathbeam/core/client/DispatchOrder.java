package io.mathbeam.core.client;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which problem's samples go out next: longest expected work first, so that the samples most likely
 * to be long start early and the end of a run is made of short ones (a long generation started last
 * sets the run's makespan on its own).
 *
 * <p>A problem's expected length is the mean completion length of its samples that have finished (a
 * sample cut at max_tokens counts its max_tokens), together with those of an earlier run of the
 * same model ({@link LengthPriors}: they count as finished samples); when the earlier run knew the
 * very samples pending (same seeds), the expected length of the problem's next sample instead, the
 * dispatcher then handing out its samples longest first. Problems with pending samples are taken in
 * three groups:
 *
 * <ol>
 *   <li>problems none of whose samples has been sent, in arrival order, one request each: their
 *       first sample measures them while their others wait;
 *   <li>problems with a finished sample, longest expected first;
 *   <li>problems sent but with nothing finished yet, in arrival order; they count as the run's mean
 *       so far, so they go after the problems known to be longer than average and before those
 *       known to be shorter.
 * </ol>
 *
 * <p>{@link DispatchPolicy#ARRIVAL} serves problems in the order their samples arrived instead, all
 * of a problem's pending samples before the next problem's (the order before longest-first existed,
 * kept for comparison: {@code --dispatchOrder=arrival}).
 *
 * <p>Not thread-safe: the dispatcher calls it under its lock.
 */
final class DispatchOrder {
  private final DispatchPolicy policy;
  private final LinkedHashSet<String> arrived = new LinkedHashSet<>();
  private final Map<String, Stats> stats = new HashMap<>();
  private final ArrayDeque<String> unsent = new ArrayDeque<>();
  private final ArrayDeque<String> unmeasured = new ArrayDeque<>();
  private final TreeSet<Stats> measured =
      new TreeSet<>(
          Comparator.comparingDouble(Stats::mean).reversed().thenComparingLong(s -> s.arrival));
  private long arrivals;

  DispatchOrder() {
    this(DispatchPolicy.LONGEST_FIRST);
  }

  DispatchOrder(DispatchPolicy policy) {
    this(policy, LengthPriors.NONE);
  }

  DispatchOrder(DispatchPolicy policy, LengthPriors priors) {
    this.policy = policy;
    this.priors = priors;
  }

  private final LengthPriors priors;

  private long finishedSamples;
  private double finishedTokens;

  private static final class Stats {
    final String key;
    final long arrival;
    boolean hasPending;
    boolean sent;
    int finished;
    double tokens;

    /** Samples and tokens an earlier run contributes ({@link LengthPriors}). */
    final int priorSamples;

    final double priorTokens;

    /** The known length of the problem's next pending sample, or NaN. */
    double head = Double.NaN;

    Stats(String key, long arrival, int priorSamples, double priorTokens) {
      this.key = key;
      this.arrival = arrival;
      this.priorSamples = priorSamples;
      this.priorTokens = priorTokens;
    }

    boolean known() {
      return finished > 0 || priorSamples > 0 || !Double.isNaN(head);
    }

    double mean() {
      if (!Double.isNaN(head)) {
        return head;
      }
      return (tokens + priorTokens) / (finished + priorSamples);
    }
  }

  /** {@code key} has pending samples (again). */
  void pendingAdded(String key) {
    if (policy == DispatchPolicy.ARRIVAL) {
      arrived.add(key);
      return;
    }
    Stats s = stats.computeIfAbsent(key, this::newStats);
    if (s.hasPending) {
      return;
    }
    s.hasPending = true;
    enqueue(s);
  }

  private Stats newStats(String key) {
    // the dispatcher's key is the problem key, a newline, then the problem text
    int newline = key.indexOf('\n');
    String problem = newline < 0 ? key : key.substring(0, newline);
    int samples = priors.problemSamples(problem);
    double tokens = samples == 0 ? 0 : priors.problemMean(problem).getAsDouble() * samples;
    return new Stats(key, arrivals++, samples, tokens);
  }

  /**
   * The known length of {@code key}'s next pending sample changed ({@code tokens}, or NaN when it
   * is not known): the problem is placed by it.
   */
  void headChanged(String key, double tokens) {
    Stats s = stats.get(key);
    if (s == null || policy == DispatchPolicy.ARRIVAL) {
      return;
    }
    boolean requeue = s.hasPending;
    if (requeue) {
      dequeue(s);
    }
    s.head = tokens;
    if (requeue) {
      enqueue(s);
    }
  }

  /** {@code key}'s last pending sample was taken. */
  void pendingEmptied(String key) {
    if (policy == DispatchPolicy.ARRIVAL) {
      arrived.remove(key);
      return;
    }
    Stats s = stats.get(key);
    if (s == null || !s.hasPending) {
      return;
    }
    dequeue(s);
    s.hasPending = false;
  }

  /** Samples of {@code key} were sent. */
  void sent(String key) {
    Stats s = stats.get(key);
    if (s != null && !s.sent) {
      boolean requeue = s.hasPending;
      if (requeue) {
        dequeue(s);
      }
      s.sent = true;
      if (requeue) {
        enqueue(s);
      }
    }
  }

  /** A sample of {@code key} finished with {@code completionTokens}. */
  void finished(String key, int completionTokens) {
    Stats s = stats.get(key);
    if (s == null) {
      return;
    }
    boolean requeue = s.hasPending;
    if (requeue) {
      dequeue(s);
    }
    s.finished++;
    s.tokens += completionTokens;
    finishedSamples++;
    finishedTokens += completionTokens;
    if (requeue) {
      enqueue(s);
    }
  }

  /** The problems with pending samples, in the order they should be served. */
  Iterator<String> order() {
    if (policy == DispatchPolicy.ARRIVAL) {
      return arrived.iterator();
    }
    double prior = finishedSamples == 0 ? 0 : finishedTokens / finishedSamples;
    return new Iterator<>() {
      final Iterator<String> first = unsent.iterator();
      final Iterator<Stats> known = measured.iterator();
      final Iterator<String> unknown = unmeasured.iterator();
      Stats nextKnown = known.hasNext() ? known.next() : null;

      @Override
      public boolean hasNext() {
        return first.hasNext() || nextKnown != null || unknown.hasNext();
      }

      @Override
      public String next() {
        if (first.hasNext()) {
          return first.next();
        }
        if (nextKnown != null && (nextKnown.mean() >= prior || !unknown.hasNext())) {
          String key = nextKnown.key;
          nextKnown = known.hasNext() ? known.next() : null;
          return key;
        }
        return unknown.next();
      }
    };
  }

  /** How many times the typical expected length makes a sample long. */
  static final double LONG = 2.0;

  /**
   * The typical completion length: the mean of this run's finished samples, or before any finished
   * the earlier run's ({@link LengthPriors}); NaN while neither is known.
   */
  double typicalTokens() {
    if (finishedSamples > 0) {
      return finishedTokens / finishedSamples;
    }
    return priors.meanTokens();
  }

  /**
   * Whether a sample expected to generate {@code tokens} is long ({@link #LONG} times the typical
   * length): routing then spreads it by expected work instead of following its problem's replica.
   */
  boolean isLong(double tokens) {
    double typical = typicalTokens();
    return tokens > 0 && !Double.isNaN(typical) && tokens >= LONG * typical;
  }

  /** The expected completion length of {@code key}'s samples, or -1 while none has finished. */
  double expectedTokens(String key) {
    Stats s = stats.get(key);
    return s == null || !s.known() ? -1 : s.mean();
  }

  // A problem with a prior needs no probe: it is measured from the start.
  private void enqueue(Stats s) {
    if (s.known()) {
      measured.add(s);
    } else if (!s.sent) {
      unsent.add(s.key);
    } else {
      unmeasured.add(s.key);
    }
  }

  private void dequeue(Stats s) {
    if (s.known()) {
      measured.remove(s);
    } else if (!s.sent) {
      unsent.remove(s.key);
    } else {
      unmeasured.remove(s.key);
    }
  }
}
