package io.mathbeam.core.client;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Random;

/** Capped exponential backoff with full jitter; a server's Retry-After takes precedence. */
final class Backoff {
  private final Duration initial;
  private final Duration max;
  private final Random random;

  Backoff(Duration initial, Duration max, Random random) {
    this.initial = initial;
    this.max = max;
    this.random = random;
  }

  /**
   * The wait before retry number {@code retry} (1-based): uniform in [0, min(max, initial *
   * 2^(retry-1))], or the server's Retry-After (capped at the maximum backoff) when given.
   */
  Duration delay(int retry, Duration retryAfter) {
    if (retryAfter != null) {
      return retryAfter.compareTo(max) > 0 ? max : retryAfter;
    }
    double ceiling =
        Math.min((double) max.toNanos(), initial.toNanos() * Math.pow(2, Math.max(0, retry - 1)));
    double fraction;
    synchronized (random) {
      fraction = random.nextDouble();
    }
    return Duration.ofNanos((long) (fraction * ceiling));
  }

  /** A Retry-After header value (delay seconds or an HTTP date); null when absent or invalid. */
  static Duration parseRetryAfter(String header, Instant now) {
    if (header == null || header.isBlank()) {
      return null;
    }
    String value = header.trim();
    try {
      long seconds = Long.parseLong(value);
      return seconds < 0 ? null : Duration.ofSeconds(seconds);
    } catch (NumberFormatException notSeconds) {
      try {
        Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        Duration wait = Duration.between(now, at);
        return wait.isNegative() ? Duration.ZERO : wait;
      } catch (DateTimeParseException notDate) {
        return null;
      }
    }
  }
}
