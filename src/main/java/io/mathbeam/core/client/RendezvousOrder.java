package io.mathbeam.core.client;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Rendezvous (highest-random-weight) hashing: every key gets its own deterministic preference order
 * over the replicas, so all samples of a problem go to the same replica, and removing one replica
 * only moves the keys that preferred it.
 */
final class RendezvousOrder {
  private RendezvousOrder() {}

  static List<Replica> order(String key, List<Replica> replicas) {
    List<Replica> ordered = new ArrayList<>(replicas);
    ordered.sort(
        Comparator.comparingLong((Replica replica) -> weight(key, replica.baseUrl()))
            .reversed()
            .thenComparing(Replica::baseUrl));
    return ordered;
  }

  static long weight(String key, String replica) {
    long hash = 0xcbf29ce484222325L;
    hash = fnv(hash, key.getBytes(StandardCharsets.UTF_8));
    hash = fnv(hash, new byte[] {0});
    hash = fnv(hash, replica.getBytes(StandardCharsets.UTF_8));
    return mix(hash);
  }

  private static long fnv(long hash, byte[] bytes) {
    for (byte b : bytes) {
      hash ^= b & 0xff;
      hash *= 0x100000001b3L;
    }
    return hash;
  }

  /** The murmur3 64-bit finalizer, so nearby inputs give unrelated weights. */
  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
