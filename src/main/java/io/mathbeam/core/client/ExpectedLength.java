package io.mathbeam.core.client;

/**
 * What the dispatch order expects of a request's samples: completion tokens per sample (NaN when
 * unknown), and whether that is long enough for routing to spread it by expected work rather than
 * follow its problem's replica ({@link ReplicaSet}).
 */
public record ExpectedLength(double tokensPerSample, boolean isLong) {
  /** Nothing known: routing by affinity and room only. */
  public static final ExpectedLength UNKNOWN = new ExpectedLength(Double.NaN, false);

  /** The expected tokens of {@code samples} such samples, or 0 when unknown. */
  long tokens(int samples) {
    return Double.isNaN(tokensPerSample) ? 0 : Math.round(tokensPerSample * samples);
  }
}
