package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.Test;

public class BackoffTest {
  private final Backoff backoff =
      new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30), new Random(1));

  @Test
  public void fullJitterStaysBelowTheCappedExponentialCeiling() {
    long maxSeen = 0;
    for (int retry = 1; retry <= 12; retry++) {
      long ceiling = Math.min(30_000, 500L << (retry - 1));
      for (int i = 0; i < 200; i++) {
        long millis = backoff.delay(retry, null).toMillis();
        assertTrue(retry + ": " + millis, millis >= 0 && millis <= ceiling);
        maxSeen = Math.max(maxSeen, millis);
      }
    }
    assertTrue("jitter should reach near the 30 s cap, saw " + maxSeen, maxSeen > 25_000);
  }

  @Test
  public void retryAfterWinsButIsCappedAtMaxBackoff() {
    assertEquals(Duration.ofSeconds(7), backoff.delay(1, Duration.ofSeconds(7)));
    assertEquals(Duration.ofSeconds(30), backoff.delay(1, Duration.ofSeconds(3600)));
  }

  @Test
  public void parsesRetryAfterSecondsAndHttpDates() {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    assertEquals(Duration.ofSeconds(12), Backoff.parseRetryAfter("12", now));
    assertEquals(
        Duration.ofSeconds(90), Backoff.parseRetryAfter("Thu, 01 Jan 2026 00:01:30 GMT", now));
    assertNull(Backoff.parseRetryAfter("soon", now));
    assertNull(Backoff.parseRetryAfter("-3", now));
    assertNull(Backoff.parseRetryAfter(null, now));
  }
}
