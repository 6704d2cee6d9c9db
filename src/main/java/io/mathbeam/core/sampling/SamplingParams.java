package io.mathbeam.core.sampling;

import java.io.Serializable;
import java.util.List;

/**
 * Sampling parameters sent explicitly with every request, so results never depend on a server's
 * generation_config defaults.
 *
 * @param topK 0 or -1 disables top-k
 * @param maxTokens upper bound on generated tokens (reasoning + answer)
 */
public record SamplingParams(
    double temperature,
    double topP,
    int topK,
    double minP,
    double repetitionPenalty,
    int maxTokens,
    List<String> stop)
    implements Serializable {

  public static final double DEFAULT_TEMPERATURE = 0.6;
  public static final double DEFAULT_TOP_P = 0.95;
  public static final int DEFAULT_MAX_TOKENS = 32768;

  public SamplingParams {
    stop = stop == null ? List.of() : List.copyOf(stop);
    if (temperature < 0) {
      throw new IllegalArgumentException("temperature must be >= 0, got " + temperature);
    }
    if (!(topP > 0 && topP <= 1)) {
      throw new IllegalArgumentException("topP must be in (0, 1], got " + topP);
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be >= 1, got " + maxTokens);
    }
    for (String s : stop) {
      if (s.isEmpty()) {
        throw new IllegalArgumentException("stop strings must not be empty");
      }
    }
  }

  public static SamplingParams defaults() {
    return new SamplingParams(
        DEFAULT_TEMPERATURE, DEFAULT_TOP_P, -1, 0.0, 1.0, DEFAULT_MAX_TOKENS, List.of());
  }

  public SamplingParams withMaxTokens(int value) {
    return new SamplingParams(temperature, topP, topK, minP, repetitionPenalty, value, stop);
  }

  public SamplingParams withStop(List<String> strings) {
    return new SamplingParams(temperature, topP, topK, minP, repetitionPenalty, maxTokens, strings);
  }
}
