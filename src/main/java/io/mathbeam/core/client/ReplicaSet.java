package io.mathbeam.core.client;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The configured replicas and how a sample picks one of them.
 *
 * <p>At the end of a run a slow replica is passed over: a replica whose observed time per token is
 * {@link #SLOW} times the fastest one's gets no new sample while another can take it (the sample
 * waits for a fast slot instead) once the samples still waiting to be sent would fit in the slots
 * of the others, or earlier, once a long sample started there would end after the rest of the run
 * ({@link #passedOver()}). A sample started there at the end would finish last, at the slow
 * replica's pace, while the fast replicas stand idle.
 *
 * <p>A sample expected to be long (the dispatch order's judgement: {@link DispatchOrder#isLong}) is
 * not bound by affinity: it goes to the replica, among those with room, that would finish its
 * expected work soonest (the expected tokens out there plus its own, times the replica's time per
 * token). Long samples so spread over the fleet instead of piling onto the replicas their problems
 * hash to, and stay off slow replicas; a short sample's prefix-cache affinity is worth more than
 * the balance it would add.
 */
final class ReplicaSet {
  /** How much slower than the fastest replica, per token, a replica counts as slow. */
  static final double SLOW = 1.5;

  /**
   * The share of answered samples below the length a slow replica plans for: a sample started there
   * is assumed this long, so that one in ten runs longer than planned.
   */
  static final double LONG_SHARE = 0.9;

  /** Answered samples needed before their lengths count. */
  static final long MIN_ANSWERED = 20;

  private final List<Replica> replicas;
  private final CompletedLengths completed = new CompletedLengths();
  private volatile int backlog = Integer.MAX_VALUE;

  ReplicaSet(List<Replica> replicas) {
    this.replicas = List.copyOf(replicas);
  }

  /** The lengths of the samples answered so far. */
  CompletedLengths completed() {
    return completed;
  }

  List<Replica> all() {
    return replicas;
  }

  /** The rendezvous preference order of {@code problemKey}. */
  List<Replica> orderFor(String problemKey) {
    return RendezvousOrder.order(problemKey, replicas);
  }

  /**
   * The first healthy replica of {@code order} not in {@code avoid} (replicas that failed this
   * sample with a connection error or 5xx) that can take the request now; when the preferred ones
   * are full, the sample spills over to the next in its order with room (bounded-load consistent
   * hashing: affinity while there is room, no replica idle while another has a queue). When none
   * has room, the first healthy one not avoided (one with a cap above 0 if any); when every healthy
   * one is avoided, {@code avoid} is cleared and the order starts over. With no healthy replica at
   * all the walk runs over all.
   */
  Replica choose(List<Replica> order, Set<Replica> avoid) {
    return choose(order, avoid, passedOver());
  }

  /** {@link #choose(List, Set)} with the slow replicas to pass over already known. */
  private Replica choose(List<Replica> order, Set<Replica> avoid, Set<Replica> slow) {
    if (!slow.isEmpty()) {
      List<Replica> faster = new ArrayList<>();
      for (Replica replica : order) {
        if (replica.healthy() && !slow.contains(replica) && !avoid.contains(replica)) {
          faster.add(replica);
        }
      }
      if (!faster.isEmpty()) {
        return chooseAmong(faster, new HashSet<>());
      }
    }
    return chooseAmong(order, avoid);
  }

  /**
   * As {@link #choose(List, Set)}, for a request of {@code sequences} samples with this expected
   * length: a long one goes where its expected work would end soonest; one whose own length is
   * known decides alone whether a slow replica is too late for it ({@link #passedOver(double)}).
   */
  Replica choose(List<Replica> order, Set<Replica> avoid, ExpectedLength expected, int sequences) {
    double expectedTokens = expected.tokens(sequences);
    // computed once per routing: it reads every pace and, late in a run, the answered lengths
    Set<Replica> slow = passedOver(expected.ownLength() ? expected.tokensPerSample() : Double.NaN);
    if (expected.isLong() && expectedTokens > 0) {
      Replica soonest = soonestDone(avoid, expectedTokens, sequences, slow);
      if (soonest != null) {
        return soonest;
      }
    }
    return choose(order, avoid, slow);
  }

  /**
   * The healthy replica not avoided nor passed over, with room for {@code sequences}, on which
   * {@code tokens} more would end soonest by its pace (unknown paces count as the fastest known),
   * or null when none has room.
   */
  private Replica soonestDone(Set<Replica> avoid, double tokens, int sequences, Set<Replica> slow) {
    double fastest = Double.NaN;
    for (Replica replica : replicas) {
      double pace = replica.pace().secondsPerToken();
      if (!Double.isNaN(pace) && (Double.isNaN(fastest) || pace < fastest)) {
        fastest = pace;
      }
    }
    Replica best = null;
    double bestEnd = Double.POSITIVE_INFINITY;
    for (Replica replica : replicas) {
      if (!replica.healthy()
          || avoid.contains(replica)
          || slow.contains(replica)
          || !replica.permits().hasRoom(sequences)) {
        continue;
      }
      double pace = replica.pace().secondsPerToken();
      double perToken = Double.isNaN(pace) ? (Double.isNaN(fastest) ? 1 : fastest) : pace;
      double end = (replica.expectedTokens() + tokens) * perToken;
      if (end < bestEnd) {
        bestEnd = end;
        best = replica;
      }
    }
    return best;
  }

  /** Samples submitted to the client's dispatcher and not sent yet. */
  void backlog(int samples) {
    backlog = samples;
  }

  /** The last backlog the dispatcher reported ({@link Integer#MAX_VALUE} while unknown). */
  int backlog() {
    return backlog;
  }

  /**
   * The slow replicas to pass over now: none while the input has not ended or any pace is unknown;
   * each slow one once the backlog fits in the other healthy replicas' slots, or earlier, once a
   * long sample started on it now would end after the work left ({@link #startsTooLate}).
   */
  Set<Replica> passedOver() {
    return passedOver(Double.NaN);
  }

  /**
   * {@link #passedOver()} for a sample of {@code tokensPerSample}, its own length from an earlier
   * run with the same seeds (NaN: unknown): a slow replica is passed over only when the sample
   * itself would end there after the work left, so that the short samples at the end of a
   * longest-first order still keep it busy. A problem's mean does not count: it says nothing of the
   * sample that rambles.
   */
  Set<Replica> passedOver(double tokensPerSample) {
    int backlog = this.backlog;
    if (backlog == Integer.MAX_VALUE) {
      // the usual case, on every attempt: the input has not ended, nothing to compare
      return Set.of();
    }
    double[] paces = new double[replicas.size()];
    double fastest = Double.POSITIVE_INFINITY;
    for (int i = 0; i < paces.length; i++) {
      paces[i] = replicas.get(i).pace().secondsPerToken();
      if (Double.isNaN(paces[i])) {
        return Set.of();
      }
      if (replicas.get(i).healthy()) {
        fastest = Math.min(fastest, paces[i]);
      }
    }
    Set<Replica> slow = new HashSet<>();
    int fastCapacity = 0;
    for (int i = 0; i < paces.length; i++) {
      Replica replica = replicas.get(i);
      if (!replica.healthy()) {
        continue;
      }
      if (paces[i] >= SLOW * fastest) {
        slow.add(replica);
      } else {
        fastCapacity += replica.permits().capacity();
      }
    }
    if (fastCapacity == 0 || slow.isEmpty()) {
      return Set.of();
    }
    if (backlog <= fastCapacity && Double.isNaN(tokensPerSample)) {
      return slow;
    }
    Set<Replica> late = new HashSet<>();
    for (Replica replica : slow) {
      if (startsTooLate(replica.pace().secondsPerToken(), backlog, paces, tokensPerSample)) {
        late.add(replica);
      }
    }
    return late;
  }

  /**
   * Whether a long sample (the answered samples' {@link #LONG_SHARE} quantile) started now on a
   * replica of this pace would end after the fleet has done the work left: the backlog and half of
   * what is in flight, at the answered mean length, over the healthy fleet's tokens per second.
   * Why: one in a few dozen samples rambles to max_tokens; started on a replica twice as slow in
   * the last third of a run, it ends the run alone while the fast replicas stand idle
   * (bench-fleet's uneven fleet, docs/runners.md). Why the 90th percentile: planning for max_tokens
   * would leave a slow replica idle through the last stretch of every run, planning for the median
   * would let the ramblers start late.
   */
  private boolean startsTooLate(double pace, int backlog, double[] paces, double tokensPerSample) {
    if (completed.count() < MIN_ANSWERED) {
      return false;
    }
    double tokensPerSecond = 0;
    int inFlight = 0;
    for (int i = 0; i < paces.length; i++) {
      Replica replica = replicas.get(i);
      if (replica.healthy()) {
        tokensPerSecond += replica.permits().capacity() / paces[i];
        inFlight += replica.permits().inFlight();
      }
    }
    double remaining = (backlog + inFlight / 2.0) * completed.mean() / tokensPerSecond;
    double sample =
        Double.isNaN(tokensPerSample) ? completed.quantile(LONG_SHARE) : tokensPerSample;
    return sample * pace > remaining;
  }

  private Replica chooseAmong(List<Replica> order, Set<Replica> avoid) {
    boolean healthyOnly = anyHealthy();
    for (Replica replica : order) {
      if ((replica.healthy() || !healthyOnly)
          && !avoid.contains(replica)
          && replica.permits().hasRoom(1)) {
        return replica;
      }
    }
    // a client leasing shares may hold no share of some replica (cap 0): wait where there is one
    for (int pass = 0; pass < 2; pass++) {
      for (boolean needCap : new boolean[] {true, false}) {
        for (Replica replica : order) {
          if ((replica.healthy() || !healthyOnly)
              && !avoid.contains(replica)
              && (!needCap || replica.permits().capacity() > 0)) {
            return replica;
          }
        }
      }
      avoid.clear();
    }
    return order.get(0);
  }

  boolean anyHealthy() {
    for (Replica replica : replicas) {
      if (replica.healthy()) {
        return true;
      }
    }
    return false;
  }
}
