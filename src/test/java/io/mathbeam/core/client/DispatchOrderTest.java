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
}
