package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The most sequences a replica was serving at once, from a request log's arrival/finish times: a
 * request with {@code n} choices counts n, as the server's batch does.
 */
public final class InFlightPeak {
  private InFlightPeak() {}

  public static int of(List<RequestLogEntry> log, int replica) {
    List<long[]> events = new ArrayList<>();
    for (RequestLogEntry e : log) {
      if (e.replica() == replica) {
        long n = e.n() == null ? 1 : Math.max(1, e.n());
        events.add(new long[] {e.arrivalMs(), n});
        events.add(new long[] {e.finishMs(), -n});
      }
    }
    // at equal times, finishes before arrivals: millisecond stamps must not invent overlap
    events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    int current = 0;
    int peak = 0;
    for (long[] event : events) {
      current += (int) event[1];
      peak = Math.max(peak, current);
    }
    return peak;
  }
}
