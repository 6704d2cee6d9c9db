package io.mathbeam.core.client;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One shard's fixed share of every replica's job-wide limits, held by a client until closed.
 *
 * <p>With {@code S} shards, shard {@code s} owns {@link #allotment} sequences of a replica's cap
 * (the S allotments of a replica add up to its cap exactly; which shards get the larger ones turns
 * with the replica's index, so no shard is short everywhere) and {@code 1/S} of its request and
 * token rates. A shard is leased in exactly one place at a time (the pipeline keys generation by
 * shard), so however many JVMs take part, the sequences they may keep in flight on a replica add up
 * to its cap at most. Several leases in one client pool their shares: any sample of any of them may
 * use any leased slot, so a worker holding several shards keeps the fleet as busy as one holding
 * their sum.
 */
public final class CapLease implements AutoCloseable {
  private final List<Replica> replicas;
  private final int[] sequences;
  private final double rateFraction;
  private final AtomicBoolean closed = new AtomicBoolean();

  CapLease(List<Replica> replicas, int shard, int shards) {
    if (shards < 1 || shard < 0 || shard >= shards) {
      throw new IllegalArgumentException("shard " + shard + " of " + shards);
    }
    this.replicas = List.copyOf(replicas);
    this.sequences = new int[replicas.size()];
    this.rateFraction = 1.0 / shards;
    for (int r = 0; r < replicas.size(); r++) {
      sequences[r] = allotment(replicas.get(r).maxInFlight(), shard, shards, r);
      replicas.get(r).addShare(sequences[r], rateFraction);
    }
  }

  /**
   * Shard {@code shard}'s part of a cap of {@code cap} sequences on the replica at {@code
   * replicaIndex}: the cap cut into {@code shards} parts as evenly as integers allow, the larger
   * parts going to different shards on different replicas.
   */
  static int allotment(int cap, int shard, int shards, int replicaIndex) {
    int k = Math.floorMod(shard + replicaIndex, shards);
    return (int) ((long) cap * (k + 1) / shards - (long) cap * k / shards);
  }

  /** Sequences this lease adds to the replicas' caps, over all replicas. */
  public int sequences() {
    int total = 0;
    for (int s : sequences) {
      total += s;
    }
    return total;
  }

  /**
   * Gives the share back. Call it when the shard's samples are done: what other leases' samples
   * still have in flight on the shared slots may briefly exceed the smaller cap, but the share is
   * never used anywhere else, so the job-wide sum stays within the cap.
   */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      for (int r = 0; r < replicas.size(); r++) {
        replicas.get(r).addShare(-sequences[r], -rateFraction);
      }
    }
  }
}
