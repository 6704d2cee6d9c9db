package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.PermitQueue.Permit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.Test;

public class PermitQueueTest {

  @Test
  public void burstOfCongestionFromOneWindowHalvesItOnce() {
    PermitQueue queue = new PermitQueue(8);
    List<Permit> permits = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      permits.add(queue.acquire(1).join());
    }

    for (Permit permit : permits) {
      queue.release(permit);
      queue.congested(permit);
    }

    assertEquals(4.0, queue.window(), 1e-9);
  }

  @Test
  public void congestionAfterEachDecreaseHalvesAgainDownToOne() {
    PermitQueue queue = new PermitQueue(8);
    for (int i = 0; i < 5; i++) {
      Permit permit = queue.acquire(1).join();
      queue.release(permit);
      queue.congested(permit);
    }

    assertEquals(1.0, queue.window(), 1e-9);
  }

  @Test
  public void windowLimitsAdmissionAndSuccessesGrowItBackToTheCap() {
    PermitQueue queue = new PermitQueue(4);
    Permit first = queue.acquire(1).join();
    queue.congested(first);
    queue.release(first);
    assertEquals(2.0, queue.window(), 1e-9);

    Permit a = queue.acquire(1).join();
    Permit b = queue.acquire(1).join();
    CompletableFuture<Permit> third = queue.acquire(1);
    assertFalse("window 2 admits 2", third.isDone());
    assertEquals(2, queue.inFlight());

    queue.succeeded(a); // 2.5
    assertFalse(third.isDone());
    queue.succeeded(b); // 2.9
    queue.release(a);
    assertTrue(third.isDone());
    for (int i = 0; i < 10; i++) {
      queue.succeeded(b);
    }
    assertEquals(4.0, queue.window(), 1e-9);
    assertTrue(queue.maxInFlight() <= 4);
  }

  @Test
  public void requestsCountTheirSequences() {
    PermitQueue queue = new PermitQueue(8);
    Permit four = queue.acquire(4).join();
    Permit three = queue.acquire(3).join();
    CompletableFuture<Permit> two = queue.acquire(2);

    assertEquals(7, queue.inFlight());
    assertFalse(two.isDone());
    queue.release(three);
    assertTrue(two.isDone());
    assertEquals(6, queue.inFlight());
    assertEquals(4, four.sequences());
  }

  @Test
  public void requestLargerThanTheWindowRunsAlone() {
    PermitQueue queue = new PermitQueue(8);
    Permit permit = queue.acquire(1).join();
    queue.congested(permit); // window 4
    CompletableFuture<Permit> big = queue.acquire(6);
    assertFalse(big.isDone());

    queue.release(permit);

    assertTrue(big.isDone());
    assertEquals(6, queue.inFlight());
  }
}
