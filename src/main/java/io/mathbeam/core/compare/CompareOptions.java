package io.mathbeam.core.compare;

import java.util.List;

/**
 * Settings of a {@link PairedComparison}.
 *
 * @param ks the k of pass@k and maj@k besides pass@1 (usually the runs' K); empty for pass@1 only
 * @param replicates paired bootstrap replicates
 * @param seed seeds the bootstrap and the Monte Carlo sign flips
 * @param confidence the bootstrap interval's level, e.g. 0.95
 * @param exactFlipLimit enumerate all sign flips when at most this many differences are non-zero
 * @param monteCarloFlips random sign flips above that
 * @param solvedThreshold a problem counts as solved when its pass@1 (c / n) is at least this
 */
public record CompareOptions(
    List<Integer> ks,
    int replicates,
    long seed,
    double confidence,
    int exactFlipLimit,
    int monteCarloFlips,
    double solvedThreshold) {
  public static final int DEFAULT_REPLICATES = 2000;
  public static final long DEFAULT_SEED = 20240229L;
  public static final double DEFAULT_CONFIDENCE = 0.95;
  public static final int DEFAULT_EXACT_FLIP_LIMIT = 20;
  public static final int DEFAULT_MONTE_CARLO_FLIPS = 10_000;
  public static final double DEFAULT_SOLVED_THRESHOLD = 0.5;

  public CompareOptions {
    ks = ks.stream().sorted().distinct().toList();
    if (!ks.isEmpty() && ks.get(0) < 1) {
      throw new IllegalArgumentException("need k >= 1, got " + ks);
    }
    if (replicates < 2) {
      throw new IllegalArgumentException("need at least 2 replicates, got " + replicates);
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence must lie in (0, 1), got " + confidence);
    }
    if (exactFlipLimit < 0 || exactFlipLimit > 24) {
      throw new IllegalArgumentException("exact flip limit must be 0..24, got " + exactFlipLimit);
    }
    if (monteCarloFlips < 1) {
      throw new IllegalArgumentException(
          "need at least 1 Monte Carlo flip, got " + monteCarloFlips);
    }
    if (!(solvedThreshold > 0 && solvedThreshold <= 1)) {
      throw new IllegalArgumentException(
          "solved threshold must lie in (0, 1], got " + solvedThreshold);
    }
  }

  /** pass@1 only, 2000 replicates, the default seed, 95%, exact up to 20, 10000 flips, 0.5. */
  public static CompareOptions defaults() {
    return new CompareOptions(
        List.of(),
        DEFAULT_REPLICATES,
        DEFAULT_SEED,
        DEFAULT_CONFIDENCE,
        DEFAULT_EXACT_FLIP_LIMIT,
        DEFAULT_MONTE_CARLO_FLIPS,
        DEFAULT_SOLVED_THRESHOLD);
  }

  public CompareOptions withKs(int... values) {
    return new CompareOptions(
        java.util.Arrays.stream(values).boxed().toList(),
        replicates,
        seed,
        confidence,
        exactFlipLimit,
        monteCarloFlips,
        solvedThreshold);
  }

  public CompareOptions withReplicates(int value) {
    return new CompareOptions(
        ks, value, seed, confidence, exactFlipLimit, monteCarloFlips, solvedThreshold);
  }

  public CompareOptions withSeed(long value) {
    return new CompareOptions(
        ks, replicates, value, confidence, exactFlipLimit, monteCarloFlips, solvedThreshold);
  }

  public CompareOptions withSolvedThreshold(double value) {
    return new CompareOptions(
        ks, replicates, seed, confidence, exactFlipLimit, monteCarloFlips, value);
  }

  public CompareOptions withFlips(int exactLimit, int monteCarlo) {
    return new CompareOptions(
        ks, replicates, seed, confidence, exactLimit, monteCarlo, solvedThreshold);
  }
}
