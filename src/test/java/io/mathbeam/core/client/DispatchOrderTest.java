package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.Test;

public class DispatchOrderTest {

  private static List<String> order(DispatchOrder order) {
    List<String> out = new ArrayList<>();
    Iterator<String> it = order.order();
    it.forEachRemaining(out::add);
    return out;
  }

  @Test
  public void problemsNeverSentComeFirstInArrivalOrder() {
    DispatchOrder order = new DispatchOrder();
    for (String key : List.of("a", "b", "c")) {
      order.pendingAdded(key);
    }
    order.sent("a");
    order.finished("a", 5000);

    assertEquals(List.of("b", "c", "a"), order(order));
  }

  @Test
  public void measuredProblemsGoLongestFirstAndUnmeasuredOnesCountAsTheMean() {
    DispatchOrder order = new DispatchOrder();
    for (String key : List.of("short", "long", "middle", "unknown")) {
      order.pendingAdded(key);
      order.sent(key);
    }
    order.finished("short", 100);
    order.finished("long", 9000);
    order.finished("long", 7000);
    order.finished("middle", 2000);

    // the mean of the finished samples is 4525: longer problems first, then the unmeasured one
    assertEquals(List.of("long", "unknown", "middle", "short"), order(order));
    assertEquals(8000.0, order.expectedTokens("long"), 1e-9);
    assertEquals(-1.0, order.expectedTokens("unknown"), 1e-9);
  }

  @Test
  public void aProblemWithoutPendingSamplesLeavesTheOrderAndReturnsWithNewOnes() {
    DispatchOrder order = new DispatchOrder();
    order.pendingAdded("a");
    order.pendingAdded("b");
    order.sent("a");
    order.pendingEmptied("a");
    order.finished("a", 10);
    assertEquals(List.of("b"), order(order));

    order.pendingAdded("a");
    order.sent("b");
    order.finished("b", 20);
    assertEquals(List.of("b", "a"), order(order));
  }

  @Test
  public void arrivalOrderServesProblemsAsTheyCame() {
    DispatchOrder order = new DispatchOrder(DispatchPolicy.ARRIVAL);
    for (String key : List.of("a", "b", "c")) {
      order.pendingAdded(key);
    }
    order.sent("c");
    order.finished("c", 9000);
    order.pendingEmptied("a");

    assertEquals(List.of("b", "c"), order(order));
  }

  @Test
  public void problemsWithAnEarlierRunsLengthsNeedNoProbeAndGoLongestFirst() {
    LengthPriors priors =
        LengthPriors.builder()
            .add("d/short", 1, 200)
            .add("d/long", 1, 9000)
            .add("d/long", 2, 7000)
            .add("d/middle", 1, 3000)
            .build();
    DispatchOrder order = new DispatchOrder(DispatchPolicy.LONGEST_FIRST, priors);
    // the dispatcher's keys are the problem key, a newline and the problem text
    for (String key : List.of("d/short\nS", "d/new\nN", "d/middle\nM", "d/long\nL")) {
      order.pendingAdded(key);
    }
    // a problem the earlier run did not have is still probed first; the others by their means
    assertEquals(List.of("d/new\nN", "d/long\nL", "d/middle\nM", "d/short\nS"), order(order));
    assertEquals(8000.0, order.expectedTokens("d/long\nL"), 1e-9);

    // this run's finished samples count beside the earlier ones: long's mean falls to 4000
    order.sent("d/long\nL");
    order.finished("d/long\nL", 100);
    order.finished("d/long\nL", 100);
    order.finished("d/long\nL", 100);
    order.finished("d/long\nL", 100);
    assertEquals(16400 / 6.0, order.expectedTokens("d/long\nL"), 1e-9);
    assertEquals(List.of("d/new\nN", "d/middle\nM", "d/long\nL", "d/short\nS"), order(order));
  }

  @Test
  public void theKnownLengthOfAProblemsNextSampleDecidesItsPlace() {
    LengthPriors priors =
        LengthPriors.builder().add("d/a", 1, 5000).add("d/a", 2, 100).add("d/b", 1, 3000).build();
    DispatchOrder order = new DispatchOrder(DispatchPolicy.LONGEST_FIRST, priors);
    order.pendingAdded("d/a\nA");
    order.pendingAdded("d/b\nB");
    order.headChanged("d/a\nA", 5000);
    order.headChanged("d/b\nB", 3000);
    assertEquals(List.of("d/a\nA", "d/b\nB"), order(order));
    // a's long sample went out; its next one is short
    order.sent("d/a\nA");
    order.headChanged("d/a\nA", 100);
    assertEquals(List.of("d/b\nB", "d/a\nA"), order(order));
  }

  @Test
  public void priorsKeepTheirSamplesAndMeans() {
    LengthPriors priors =
        LengthPriors.builder().add("d/a", 7, 300).add("d/a", 8, 500).add("d/b", 1, 40).build();
    assertEquals(400.0, priors.problemMean("d/a").getAsDouble(), 1e-9);
    assertEquals(2, priors.problemSamples("d/a"));
    assertEquals(500, priors.sample("d/a", 8).getAsInt());
    assertEquals(false, priors.sample("d/a", 9).isPresent());
    assertEquals(false, priors.problemMean("d/c").isPresent());
    assertEquals(2, priors.problems());
    assertEquals(3, priors.samples());
    LengthPriors same =
        LengthPriors.builder().add("d/b", 1, 40).add("d/a", 8, 500).add("d/a", 7, 300).build();
    assertEquals(priors, same);
    assertEquals(priors.hashCode(), same.hashCode());
    assertEquals(true, LengthPriors.builder().build().isEmpty());
  }
}
