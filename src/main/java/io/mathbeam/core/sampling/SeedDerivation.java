package io.mathbeam.core.sampling;

import java.nio.charset.StandardCharsets;

/**
 * Derives the sampling seed of every sample from (base seed, dataset, problem id, sample index).
 *
 * <p>Each problem gets a pseudo-random base in {@code [0, 2^31 - 2^20)}; sample {@code i} uses
 * {@code base + i}. That keeps seeds distinct within a problem, and matches how vLLM seeds the
 * children of an {@code n > 1} request (child {@code i} gets {@code seed + i}), so fetching several
 * samples in one request yields exactly the seeds of fetching them one by one. Seeds stay below
 * 2^31 because some servers reject larger ones.
 */
public final class SeedDerivation {
  /** Samples per problem are limited so that base + index stays a positive 31-bit integer. */
  public static final int MAX_SAMPLES_PER_PROBLEM = 1 << 20;

  private static final long BASE_RANGE = (1L << 31) - MAX_SAMPLES_PER_PROBLEM;

  private SeedDerivation() {}

  public static long problemBase(long baseSeed, String datasetId, String problemId) {
    long h = mix(baseSeed ^ 0x9E3779B97F4A7C15L);
    h = mix(h ^ fnv(datasetId));
    h = mix(h ^ fnv(problemId));
    return Math.floorMod(h, BASE_RANGE);
  }

  public static long seed(long baseSeed, String datasetId, String problemId, int sampleIndex) {
    if (sampleIndex < 0 || sampleIndex >= MAX_SAMPLES_PER_PROBLEM) {
      throw new IllegalArgumentException("sample index out of range: " + sampleIndex);
    }
    return problemBase(baseSeed, datasetId, problemId) + sampleIndex;
  }

  private static long fnv(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }

  /** SplitMix64 finaliser. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
