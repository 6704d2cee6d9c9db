package io.mathbeam.core.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tail copies (hedged requests at the end of a run): once no sample waits to be sent, the samples
 * still running on a slow replica are sent a second time to faster replicas with free slots, and
 * whichever answer comes first is kept; the other request is cancelled, which aborts it on the
 * server (spec §4.8).
 *
 * <p>Why: routing passes a slow replica over at the end ({@link ReplicaSet#passedOver()}), but the
 * samples it had started before finish at its pace while the fast replicas stand idle; a long one
 * started there late runs for up to twice its length on a replica twice as slow. A copy costs only
 * slots that would otherwise be idle, and with the sample's seed it draws the same sample (vLLM
 * seeds choice i with seed + i, spec §9; where kernels are not batch-invariant the text can differ
 * as it can on a retry).
 *
 * <p>Rules: only when the dispatcher's backlog is 0 (a copy never takes a slot an unsent sample
 * could use) and routing passes some replica over; only originals running on a passed-over replica
 * for at least {@link #MIN_RUNNING} (a copy costs a request: a sample that short is no tail worth
 * one, and paces measured on sub-second requests are mostly HTTP and scheduling noise, which on a
 * uniform fleet could make a replica look slow), at most one copy each; each to the faster healthy
 * replica with the most free room, never beyond its cap; only when the copy is expected to end
 * before its original, and those that save most first. An original's progress is its running time
 * over its replica's pace; its length is expected from the samples answered so far that are longer
 * than that ({@link CompletedLengths}): a sample that started early on the slow replica is near its
 * end, and a copy, which must generate the whole sample again, would lose; one that started late,
 * or has outlasted every answered sample, is the tail's end. A copy is streamed, so that its
 * cancellation is noticed at the server's next write even by servers that notice a non-streaming
 * disconnect late (SGLang: after 4 s without output, spec §4.8). It is tried once: if it fails, the
 * original goes on; if the original fails for good first, its failure is held until the copy has
 * answered.
 */
final class TailCopies {
  private final ReplicaSet replicas;
  private final AtomicLong started = new AtomicLong();
  private final AtomicLong won = new AtomicLong();
  private final AtomicLong startedTaken = new AtomicLong();
  private final AtomicLong wonTaken = new AtomicLong();

  TailCopies(ReplicaSet replicas) {
    this.replicas = replicas;
  }

  /** How long an original must have run on a slow replica before it is copied. */
  static final Duration MIN_RUNNING = Duration.ofSeconds(1);

  /**
   * The copies to start now, and when to look again (nanoseconds from now; 0: not before the next
   * response) for originals too young to copy yet.
   */
  record Picks(List<Pick> picks, long recheckNanos) {}

  /** An original to copy and the replica its copy goes to. */
  record Pick(SampleCall original, Replica target) {}

  /** The copies to start now, given the client's active calls; none unless the backlog is 0. */
  Picks choose(Collection<SampleCall> active, long nowNanos) {
    Set<Replica> slow = replicas.backlog() == 0 ? replicas.passedOver() : Set.of();
    if (slow.isEmpty()) {
      return new Picks(List.of(), 0);
    }
    Map<Replica, Integer> room = new HashMap<>();
    for (Replica replica : replicas.all()) {
      if (replica.healthy() && !slow.contains(replica)) {
        int free = replica.permits().room();
        if (free > 0) {
          room.put(replica, free);
        }
      }
    }
    if (room.isEmpty()) {
      return new Picks(List.of(), 0);
    }
    List<SampleCall> running = new ArrayList<>();
    long minRunning = MIN_RUNNING.toNanos();
    long recheck = 0;
    for (SampleCall call : active) {
      if (call.original == null
          && call.copy == null
          && call.sending
          && !call.cancelled
          && !call.result.isDone()
          && slow.contains(call.replica)) {
        long young = call.sentNanos + minRunning - nowNanos;
        if (young <= 0) {
          running.add(call);
        } else {
          recheck = recheck == 0 ? young : Math.min(recheck, young);
        }
      }
    }
    // most saved first: the sample expected to keep its replica busy longest beyond a copy's end
    Map<SampleCall, Double> saving = new HashMap<>();
    Replica roomiest = mostRoom(room, 1);
    for (SampleCall call : running) {
      saving.put(call, saving(call, roomiest, nowNanos));
    }
    running.sort(Comparator.comparingDouble((SampleCall call) -> -saving.get(call)));
    List<Pick> picks = new ArrayList<>();
    for (SampleCall call : running) {
      Replica target = mostRoom(room, call.sequences());
      // the saving against the roomiest is the one sorted by; another target needs its own
      double saved = target == roomiest ? saving.get(call) : saving(call, target, nowNanos);
      if (target == null || !(saved > 0)) {
        continue;
      }
      room.merge(target, -call.sequences(), Integer::sum);
      picks.add(new Pick(call, target));
    }
    return new Picks(picks, recheck);
  }

  /** The replica with the most free room, at least {@code sequences}; null when none has. */
  private static Replica mostRoom(Map<Replica, Integer> room, int sequences) {
    Replica target = null;
    for (Map.Entry<Replica, Integer> e : room.entrySet()) {
      if (e.getValue() >= sequences && (target == null || e.getValue() > room.get(target))) {
        target = e.getKey();
      }
    }
    return target;
  }

  /** Records an answered sample's completion tokens. */
  void finished(int completionTokens) {
    replicas.completed().record(completionTokens);
  }

  /**
   * Seconds a copy on {@code target} is expected to save: the original's expected remaining time at
   * its replica's pace less the copy's whole time at the target's (the copy has the sample's seed,
   * so its length). Without a pace, the time the original has run (oldest first, always tried).
   */
  private double saving(SampleCall original, Replica target, long nowNanos) {
    double ran = (nowNanos - original.sentNanos) / 1e9;
    double slowPace = original.replica.pace().secondsPerToken();
    double fastPace = target == null ? Double.NaN : target.pace().secondsPerToken();
    if (Double.isNaN(slowPace) || Double.isNaN(fastPace)) {
      return ran;
    }
    double done = Math.min(original.maxTokensCeiling, ran / slowPace);
    return saving(done, expectedLength(original, done), slowPace, fastPace);
  }

  /** {@link #saving(SampleCall, Replica, long)} for a sample {@code done} tokens into its run. */
  static double saving(double done, double expected, double slowPace, double fastPace) {
    return (expected - done) * slowPace - expected * fastPace;
  }

  /**
   * The expected length of a sample that has generated about {@code done} tokens: its own, when an
   * earlier run with the same seed knew it; else the mean of the answered samples longer than that;
   * else what the dispatch order expected of it, when more; else as long as allowed (longer than
   * every sample seen, it may ramble to its limit).
   */
  private double expectedLength(SampleCall call, double done) {
    if (call.expected.ownLength()) {
      return Math.max(done, call.expected.tokensPerSample());
    }
    double longer = replicas.completed().meanLongerThan(done);
    double prior = call.expected.tokensPerSample();
    double expected = !Double.isNaN(longer) ? longer : prior > done ? prior : call.maxTokensCeiling;
    return Math.min(expected, Math.max(done, call.maxTokensCeiling));
  }

  void started() {
    started.incrementAndGet();
  }

  void won() {
    won.incrementAndGet();
  }

  /**
   * Copies started and copies that answered before their original since the last call, so that
   * callers sharing the client can add them to metrics without counting any twice.
   */
  long[] takeNew() {
    return new long[] {take(started, startedTaken), take(won, wonTaken)};
  }

  private static long take(AtomicLong count, AtomicLong taken) {
    long now = count.get();
    return Math.max(0, now - taken.getAndAccumulate(now, Math::max));
  }
}
