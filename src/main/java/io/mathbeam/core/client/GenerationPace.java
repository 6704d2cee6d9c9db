package io.mathbeam.core.client;

import java.time.Duration;

/**
 * A replica's observed time per completion token, for attempt timeouts sized to the request: {@code
 * clamp(base + maxTokens * (mean + 4 * deviation) * 3, min, max)}, with mean and mean deviation
 * smoothed as in TCP's retransmission timer (RFC 6298: gains 1/8 and 1/4, first sample sets the
 * mean and half of it the deviation). A sample is the attempt's latency divided by its longest
 * choice's tokens; queueing and prefill are in it, so short answers over-estimate the pace, which
 * only makes timeouts longer. Each timeout doubles the mean, so a replica that slowed down gets
 * longer timeouts instead of a loop of retries that never finish.
 */
final class GenerationPace {
  static final double SAFETY = 3;
  private static final double MEAN_GAIN = 0.125;
  private static final double DEVIATION_GAIN = 0.25;

  private double meanNanos;
  private double deviationNanos;
  private long observations;

  /** Records a successful attempt of {@code latencyNanos} whose longest choice had these tokens. */
  synchronized void observe(long latencyNanos, int completionTokens) {
    double sample = (double) latencyNanos / Math.max(1, completionTokens);
    if (observations == 0) {
      meanNanos = sample;
      deviationNanos = sample / 2;
    } else {
      deviationNanos += DEVIATION_GAIN * (Math.abs(sample - meanNanos) - deviationNanos);
      meanNanos += MEAN_GAIN * (sample - meanNanos);
    }
    observations++;
  }

  /** An attempt timed out: back off the estimate. */
  synchronized void timedOut() {
    meanNanos *= 2;
  }

  /** The timeout of an attempt allowed {@code maxTokens}; {@code max} before any observation. */
  synchronized Duration timeout(int maxTokens, Duration base, Duration min, Duration max) {
    if (observations == 0) {
      return max;
    }
    double nanos = base.toNanos() + maxTokens * (meanNanos + 4 * deviationNanos) * SAFETY;
    if (!(nanos < max.toNanos())) {
      return max;
    }
    Duration timeout = Duration.ofNanos((long) nanos);
    if (timeout.compareTo(min) < 0) {
      timeout = min;
    }
    return timeout.compareTo(max) > 0 ? max : timeout;
  }

  /** The smoothed seconds per token, or NaN before any observation. */
  synchronized double secondsPerToken() {
    return observations == 0 ? Double.NaN : meanNanos / 1e9;
  }
}
