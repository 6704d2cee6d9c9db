package io.mathbeam.core.client;

/**
 * What the dispatch order expects of a request's samples: completion tokens per sample (NaN when
 * unknown), whether that is long enough for routing to spread it by expected work rather than
 * follow its problem's replica ({@link ReplicaSet}), and whether it is the samples' own length (an
 * earlier run with the same seeds) rather than their problem's mean, which says nothing of the one
 * sample in a few dozen that rambles to max_tokens.
 */
public record ExpectedLength(double tokensPerSample, boolean isLong, boolean ownLength) {
  /** Nothing known: routing by affinity and room only. */
  public static final ExpectedLength UNKNOWN = new ExpectedLength(Double.NaN, false, false);

  /** A problem's expected length, not the samples' own. */
  public ExpectedLength(double tokensPerSample, boolean isLong) {
    this(tokensPerSample, isLong, false);
  }

  /** The expected tokens of {@code samples} such samples, or 0 when unknown. */
  long tokens(int samples) {
    return Double.isNaN(tokensPerSample) ? 0 : Math.round(tokensPerSample * samples);
  }
}
