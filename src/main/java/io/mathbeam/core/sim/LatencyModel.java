package io.mathbeam.core.sim;

/**
 * Parameters of the step-time model of spec §8.2, in simulated milliseconds: one engine step with
 * {@code B} decoding sequences whose contexts sum to {@code C}, plus {@code Q} prefill tokens,
 * takes {@code t0 + B*cSeq + C*cKv + Q*cPf}.
 *
 * @param jitter multiplicative jitter per step, e.g. 0.05 for ±5 %
 */
public record LatencyModel(
    double t0Ms,
    double cSeqMs,
    double cKvMs,
    double cPfMs,
    long kvCapacityTokens,
    int maxNumBatchedTokens,
    double jitter) {

  public LatencyModel {
    if (t0Ms <= 0 || cSeqMs < 0 || cKvMs < 0 || cPfMs < 0) {
      throw new IllegalArgumentException("step-time coefficients must be non-negative, t0 > 0");
    }
    if (kvCapacityTokens < 1 || maxNumBatchedTokens < 1) {
      throw new IllegalArgumentException("kv capacity and token budget must be positive");
    }
    if (jitter < 0 || jitter >= 1) {
      throw new IllegalArgumentException("jitter must be in [0, 1): " + jitter);
    }
  }

  /** The 1.5B-class defaults on one H100 (spec §8.3). */
  public static LatencyModel h100Small() {
    return new LatencyModel(3.0, 0.010, 1.06e-5, 0.010, 2_000_000L, 8192, 0.05);
  }

  /** The 7B-class defaults on one H100 (spec §8.3). */
  public static LatencyModel h100Medium() {
    return new LatencyModel(7.0, 0.030, 2.12e-5, 0.035, 850_000L, 8192, 0.05);
  }

  /**
   * The same engine {@code factor} times slower: every step-time coefficient multiplied, memory and
   * budget unchanged (an older GPU with the same memory, or one shared with another job).
   */
  public LatencyModel slowedBy(double factor) {
    if (factor == 1.0) {
      return this;
    }
    return new LatencyModel(
        t0Ms * factor,
        cSeqMs * factor,
        cKvMs * factor,
        cPfMs * factor,
        kvCapacityTokens,
        maxNumBatchedTokens,
        jitter);
  }

  /** Duration of one step, without jitter. */
  public double stepMs(int decoding, long contextTokens, long prefillTokens) {
    return t0Ms + decoding * cSeqMs + contextTokens * cKvMs + prefillTokens * cPfMs;
  }
}
