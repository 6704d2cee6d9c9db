package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.Test;

public class RateBudgetTest {
  private final AtomicLong now = new AtomicLong();

  private RateBudget budget(double perSecond) {
    return new RateBudget(perSecond, now::get);
  }

  @Test
  public void startsWithOneSecondOfBurstThenSpacesCallersByTheRate() {
    RateBudget budget = budget(10);
    for (int i = 0; i < 10; i++) {
      assertEquals(Duration.ZERO, budget.reserve(1));
    }
    assertEquals(Duration.ofMillis(100), budget.reserve(1));
    assertEquals(Duration.ofMillis(200), budget.reserve(1));
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(200));
    assertEquals("the debt was paid off", Duration.ofMillis(100), budget.reserve(1));
  }

  @Test
  public void idleTimeBuysAtMostOneSecondOfBurst() {
    RateBudget budget = budget(5);
    now.addAndGet(TimeUnit.SECONDS.toNanos(60));
    for (int i = 0; i < 5; i++) {
      assertEquals(Duration.ZERO, budget.reserve(1));
    }
    assertEquals(Duration.ofMillis(200), budget.reserve(1));
  }

  @Test
  public void aReservationLargerThanTheBucketGoesIntoDebt() {
    RateBudget budget = budget(1000);
    assertEquals(Duration.ZERO, budget.reserve(1000));
    assertEquals(Duration.ofSeconds(4), budget.reserve(4000));
  }

  @Test
  public void refundsShortenTheWaitOfLaterCallers() {
    RateBudget budget = budget(1000);
    budget.reserve(1000);
    assertEquals(Duration.ofSeconds(1), budget.reserve(1000));
    budget.refund(1500);
    assertEquals(Duration.ZERO, budget.reserve(400));
  }

  @Test
  public void zeroMeansNoBudget() {
    RateBudget budget = budget(0);
    for (int i = 0; i < 1000; i++) {
      assertEquals(Duration.ZERO, budget.reserve(1_000_000));
    }
  }

  @Test
  public void rejectsNegativeOrInfiniteRates() {
    assertThrows(IllegalArgumentException.class, () -> budget(-1));
    assertThrows(IllegalArgumentException.class, () -> budget(Double.POSITIVE_INFINITY));
    assertThrows(
        IllegalArgumentException.class,
        () -> ClientConfig.builder(List.of("http://x:1")).requestsPerSecond(-2).build());
  }

  @Test
  public void theClientStartsRequestsNoFasterThanTheBudget() throws Exception {
    SimConfig sim = SimConfig.builder().replicas(1).timeScale(5000).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.builder(fleet.endpoints()).requestsPerSecond(10).build())) {
      List<CompletableFuture<Generation>> futures = new ArrayList<>();
      for (int i = 0; i < 25; i++) {
        futures.add(
            client.generate(
                new SampleRequest("d", "p" + i, "Budget problem " + i, List.of("1"), 0, 1, 100 + i),
                PromptTemplate.defaults(),
                SamplingParams.defaults().withMaxTokens(256)));
      }
      for (CompletableFuture<Generation> f : futures) {
        Generation g = f.get(60, TimeUnit.SECONDS);
        assertNull(g.errorMessage(), g.errorClass());
      }
      List<Long> arrivals = new ArrayList<>();
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.endpoint().contains("completions")) {
          arrivals.add(e.arrivalMs());
        }
      }
      arrivals.sort(null);
      // 10 at once (one second of burst), then one per 100 ms: the last starts >= 1.5 s later
      long span = arrivals.get(24) - arrivals.get(0);
      assertTrue("25 requests at 10/s took only " + span + " ms", span >= 1400);
      for (int i = 0; i + 20 < arrivals.size(); i++) {
        // a burst of 10 plus 10 per second: 21 starts need more than a second
        assertTrue(
            "21 requests started within " + (arrivals.get(i + 20) - arrivals.get(i)) + " ms",
            arrivals.get(i + 20) - arrivals.get(i) >= 900);
      }
      assertEquals(15, client.stats().budgetWaits());
    }
  }
}
