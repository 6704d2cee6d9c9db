package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.junit.Test;

public class InFlightPeakTest {
  private static RequestLogEntry entry(int replica, long arrival, long finish) {
    return entry(replica, arrival, finish, 1);
  }

  private static RequestLogEntry entry(int replica, long arrival, long finish, int n) {
    return RequestLogEntry.builder()
        .arrivalMs(arrival)
        .finishMs(finish)
        .replica(replica)
        .port(0)
        .endpoint("/v1/chat/completions")
        .promptHash("h")
        .seed(1L)
        .n(n)
        .status(200)
        .promptTokens(1)
        .completionTokens(1)
        .maxTokens(1)
        .temperature(0.6)
        .topP(0.95)
        .topK(-1)
        .minP(0.0)
        .build();
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
