package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.PermitQueue.Permit;
import java.util.concurrent.CompletableFuture;
import org.junit.Test;

/** Shares of a job-wide cap: how a cap is cut into shards and how a client's cap follows leases. */
public class CapLeaseTest {

  @Test
  public void theShardsOfAReplicaAddUpToItsCapAndNoneIsShortEverywhere() {
    for (int cap : new int[] {1, 4, 7, 64, 100}) {
      for (int shards = 1; shards <= cap && shards <= 40; shards++) {
        for (int replica = 0; replica < 5; replica++) {
          int sum = 0;
          for (int shard = 0; shard < shards; shard++) {
            int part = CapLease.allotment(cap, shard, shards, replica);
            assertTrue(part >= cap / shards && part <= cap / shards + 1);
            sum += part;
          }
          assertEquals("cap " + cap + ", " + shards + " shards", cap, sum);
        }
      }
    }
    // 10 into 4: two shards get 3 on each replica, and which two turns with the replica
    assertEquals(2, CapLease.allotment(10, 0, 4, 0));
    assertEquals(3, CapLease.allotment(10, 0, 4, 1));
  }

  @Test
  public void aQueueWithNoCapAdmitsNothingUntilALeaseRaisesIt() {
    PermitQueue queue = new PermitQueue(0);
    assertFalse(queue.hasRoom(1));
    CompletableFuture<Permit> first = queue.acquire(1);
    CompletableFuture<Permit> second = queue.acquire(1);
    CompletableFuture<Permit> third = queue.acquire(1);
    assertFalse(first.isDone());

    queue.addCapacity(2);

    assertTrue(first.isDone() && second.isDone());
    assertFalse(third.isDone());
    assertEquals(2, queue.inFlight());
  }

  @Test
  public void loweringTheCapKeepsWhatIsInFlightAndAdmitsOnlyBelowTheNewCap() {
    PermitQueue queue = new PermitQueue(0);
    queue.addCapacity(4);
    Permit a = queue.acquire(2).join();
    Permit b = queue.acquire(2).join();

    queue.addCapacity(-3);
    CompletableFuture<Permit> waiting = queue.acquire(1);
    queue.release(a);
    assertFalse("3 in flight... then 2, above the cap of 1", waiting.isDone());
    queue.release(b);

    assertTrue(waiting.isDone());
    assertEquals(1, queue.capacity());
    assertThrows(IllegalStateException.class, () -> queue.addCapacity(-2));
  }

  @Test
  public void aClientsCapIsTheSumOfItsLeasesAndClosingGivesThemBack() {
    ClientConfig config =
        ClientConfig.builder(java.util.List.of("http://a:1", "http://b:2"))
            .maxInFlightPerReplica(10)
            .capShards(4)
            .build();
    try (OpenAiClient client = new OpenAiClient(config)) {
      assertEquals(0, client.stats().inFlightByReplica().get("http://a:1").intValue());
      CapLease zero = client.lease(0);
      CapLease one = client.lease(1);
      // replica 0: shards 0 and 1 own 2 + 3; replica 1: 3 + 2
      assertEquals(10, zero.sequences() + one.sequences());
      assertEquals(5.0, client.stats().concurrencyWindowByReplica().get("http://a:1"), 1e-9);
      zero.close();
      zero.close();
      assertEquals(3.0, client.stats().concurrencyWindowByReplica().get("http://a:1"), 1e-9);
      one.close();
      assertEquals(0.0, client.stats().concurrencyWindowByReplica().get("http://b:2"), 1e-9);
      assertThrows(IllegalArgumentException.class, () -> client.lease(4));
    }
  }

  @Test
  public void aShardCountAboveTheCapIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ClientConfig.builder(java.util.List.of("http://a:1"))
                .maxInFlightPerReplica(4)
                .capShards(5)
                .build());
  }

  @Test
  public void aRateBudgetFollowsItsShare() {
    long[] now = {0};
    RateBudget budget = new RateBudget(10, () -> now[0]);
    budget.setShare(0.5);
    assertEquals(java.time.Duration.ZERO, budget.reserve(5));
    // 5 per second now: one more costs 0.2 s
    assertEquals(200_000_000L, budget.reserve(1).toNanos());
  }
}
