package io.mathbeam.pipelines.bench;

/**
 * The seed of one replication (or night) from the run's seed, its scenario and its index, so that
 * every replication draws the same numbers whichever thread runs it and in whatever order.
 */
final class ReplicationSeeds {
  private ReplicationSeeds() {}

  static long of(long seed, String scenario, int index) {
    return mix(mix(seed ^ mix(scenario.hashCode())) + index);
  }

  /** SplitMix64's finalizer: nearby inputs give unrelated outputs. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
