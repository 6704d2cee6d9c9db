package io.mathbeam.core.published;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sampling a source states for its numbers; a null field is one the source does not state.
 *
 * @param samples samples drawn per problem (K), e.g. 64 to estimate pass@1
 */
public record PublishedSampling(
    Double temperature, Double topP, Integer maxTokens, Integer samples) {

  public static final PublishedSampling UNSTATED = new PublishedSampling(null, null, null, null);

  /** This sampling with {@code samples} replaced when {@code override} is not null. */
  PublishedSampling withSamples(Integer override) {
    return override == null ? this : new PublishedSampling(temperature, topP, maxTokens, override);
  }

  /** "temperature 0.6, top_p 0.95, max_tokens 32768, 64 samples per problem". */
  public String describe() {
    List<String> parts = new ArrayList<>();
    if (temperature != null) {
      parts.add("temperature " + number(temperature));
    }
    if (topP != null) {
      parts.add("top_p " + number(topP));
    }
    if (maxTokens != null) {
      parts.add("max_tokens " + maxTokens);
    }
    if (samples != null) {
      parts.add(samples + " samples per problem");
    }
    return parts.isEmpty() ? "not stated" : String.join(", ", parts);
  }

  static String number(double value) {
    return value == Math.rint(value)
        ? String.format(Locale.ROOT, "%.1f", value)
        : String.format(Locale.ROOT, "%s", value);
  }
}
