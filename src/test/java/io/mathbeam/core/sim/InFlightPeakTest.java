package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.junit.Test;

public class InFlightPeakTest {
  private static RequestLogEntry entry(int replica, long arrival, long finish) {
    return entry(replica, arrival, finish, 1);
  }

  private static RequestLogEntry entry(int replica, long arrival, long finish, int n) {
    return new RequestLogEntry(
        arrival,
        finish,
        replica,
        0,
        "/v1/chat/completions",
        null,
        "h",
        1L,
        n,
        200,
        1,
        1,
        1,
        0.6,
        0.95,
        -1,
        0.0,
        null,
        null,
        null,
        null);
  }

  @Test
  public void countsOverlapPerReplicaAndNotBackToBackRequests() {
    List<RequestLogEntry> log =
        List.of(
            entry(0, 0, 10),
            entry(0, 5, 15),
            entry(0, 8, 20),
            entry(0, 20, 30), // starts as the third ends: not overlapping
            entry(1, 0, 100));
    assertEquals(3, InFlightPeak.of(log, 0));
    assertEquals(1, InFlightPeak.of(log, 1));
    assertEquals(0, InFlightPeak.of(log, 2));
  }

  @Test
  public void countsEveryChoiceOfAnNRequest() {
    List<RequestLogEntry> log =
        List.of(entry(0, 0, 10, 4), entry(0, 5, 15, 2), entry(0, 15, 20, 8));
    assertEquals(8, InFlightPeak.of(log, 0));
    assertEquals(6, InFlightPeak.of(List.of(entry(0, 0, 10, 4), entry(0, 5, 15, 2)), 0));
  }
}
