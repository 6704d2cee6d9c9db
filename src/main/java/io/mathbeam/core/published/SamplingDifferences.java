package io.mathbeam.core.published;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a run's sampling differs from what a source used for its numbers: a reproduction at another
 * temperature or a shorter budget is not expected to land on the published value, and one with
 * fewer samples per problem has a wider interval (and computes no maj@k above its K). Settings the
 * source does not state are not compared.
 */
public final class SamplingDifferences {
  /**
   * The run's sampling, as its manifest records it.
   *
   * @param samples samples per problem (K) by dataset
   */
  public record RunSampling(
      double temperature, double topP, int maxTokens, Map<String, Integer> samples) {}

  private SamplingDifferences() {}

  /**
   * One line per difference ({@code "temperature 1.0 (source: 0.6)"}, {@code "K=4 on aime24
   * (source: 64)"}), each once, in the order of the values; empty when the run matches.
   */
  public static List<String> between(List<PublishedValue> values, RunSampling run) {
    Set<String> out = new LinkedHashSet<>();
    for (PublishedValue v : values) {
      PublishedSampling source = v.sampling();
      if (source.temperature() != null && differs(source.temperature(), run.temperature())) {
        out.add(
            "temperature "
                + PublishedSampling.number(run.temperature())
                + " (source: "
                + PublishedSampling.number(source.temperature())
                + ")");
      }
      if (source.topP() != null && differs(source.topP(), run.topP())) {
        out.add(
            "top_p "
                + PublishedSampling.number(run.topP())
                + " (source: "
                + PublishedSampling.number(source.topP())
                + ")");
      }
      if (source.maxTokens() != null && source.maxTokens() != run.maxTokens()) {
        out.add("max_tokens " + run.maxTokens() + " (source: " + source.maxTokens() + ")");
      }
      Integer k = run.samples().get(v.dataset());
      if (source.samples() != null && k != null && !k.equals(source.samples())) {
        out.add("K=" + k + " on " + v.dataset() + " (source: " + source.samples() + ")");
      }
    }
    return new ArrayList<>(out);
  }

  private static boolean differs(double a, double b) {
    return Math.abs(a - b) > 1e-9;
  }
}
