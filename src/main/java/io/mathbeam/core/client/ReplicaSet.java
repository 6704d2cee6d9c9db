package io.mathbeam.core.client;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The configured replicas and how a sample picks one of them.
 *
 * <p>At the end of a run a slow replica is passed over: once the samples still waiting to be sent
 * would fit in the slots of the replicas that are not slow, a replica whose observed time per token
 * is {@link #SLOW} times the fastest one's gets no new sample while another can take it (the sample
 * waits for a fast slot instead). A sample started there at the end would finish last, at the slow
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

  private final List<Replica> replicas;
  private volatile int backlog = Integer.MAX_VALUE;

  ReplicaSet(List<Replica> replicas) {
    this.replicas = List.copyOf(replicas);
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
    Set<Replica> slow = passedOver();
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
   * As {@link #choose(List, Set)}, for a request of {@code sequences} expected to generate {@code
   * expectedTokens} in all: a long one ({@code spread}) goes where its expected work would end
   * soonest.
   */
  Replica choose(
      List<Replica> order,
      Set<Replica> avoid,
      double expectedTokens,
      boolean spread,
      int sequences) {
    if (spread && expectedTokens > 0) {
      Replica soonest = soonestDone(avoid, expectedTokens, sequences);
      if (soonest != null) {
        return soonest;
      }
    }
    return choose(order, avoid);
  }

  /**
   * The healthy replica not avoided nor passed over, with room for {@code sequences}, on which
   * {@code tokens} more would end soonest by its pace (unknown paces count as the fastest known),
   * or null when none has room.
   */
  private Replica soonestDone(Set<Replica> avoid, double tokens, int sequences) {
    Set<Replica> slow = passedOver();
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
   * The slow replicas to pass over now: none while the backlog is larger than what the other
   * healthy replicas can hold, or while any pace is unknown.
   */
  Set<Replica> passedOver() {
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
    return fastCapacity == 0 || backlog > fastCapacity ? Set.of() : slow;
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
