package io.mathbeam.core.sim;

import java.util.SplittableRandom;

/**
 * How the simulated model draws a sample's natural output length (spec §8.5.3), before {@code
 * max_tokens} cuts it. Both draw from the sample's own seeded RNG, so a length is a function of
 * (prompt, sampling parameters, seed) as every other part of a sample.
 */
public enum OutputLengths {
  /** Log-normal around the problem's median with the configured sigma (the spec's default). */
  LOG_NORMAL,

  /**
   * Like a reasoning model (R1-style distills): {@value #TAIL_PERCENT} % of samples think until
   * about {@value #TAIL_TOKENS} tokens (uniform within ±10 % of it, so that with {@code max_tokens}
   * 32768 about half of them are cut), the rest are log-normal as in {@link #LOG_NORMAL}. With a
   * median of a few thousand tokens, the tail holds about a third of the tokens generated and the
   * longest samples run ten times the median.
   */
  LONG_TAIL;

  static final int TAIL_PERCENT = 4;
  static final int TAIL_TOKENS = 32768;

  /** The natural length of a sample whose problem has this median. */
  long natural(double median, double sigma, SplittableRandom rng) {
    long logNormal = Math.max(20, Math.round(median * Math.exp(sigma * rng.nextGaussian())));
    if (this == LOG_NORMAL) {
      return logNormal;
    }
    double u = rng.nextDouble();
    double tailShare = TAIL_PERCENT / 100.0;
    if (u >= tailShare) {
      return logNormal;
    }
    // u / tailShare is uniform in [0, 1): reuse it for the place within the tail
    return Math.round(TAIL_TOKENS * (0.9 + 0.2 * u / tailShare));
  }
}
