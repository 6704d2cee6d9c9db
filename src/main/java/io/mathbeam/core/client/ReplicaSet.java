package io.mathbeam.core.client;

import java.util.List;
import java.util.Set;

/** The configured replicas and how a sample picks one of them. */
final class ReplicaSet {
  private final List<Replica> replicas;

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
