package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a million tokens cost: {@code input} for prompt tokens, {@code output} for completion
 * tokens, in whatever currency the price was given in.
 */
public record TokenPrice(double input, double output) {
  /** The option's value that sets no price. */
  public static final String NONE = "none";

  /** The manifest's field that records the price a run was costed at. */
  public static final String MANIFEST_FIELD = "price_per_million_tokens";

  public TokenPrice {
    if (!(Double.isFinite(input) && input >= 0 && Double.isFinite(output) && output >= 0)) {
      throw new IllegalArgumentException(
          "a price per million tokens is a number >= 0, got " + input + "," + output);
    }
  }

  /**
   * {@code IN,OUT} (e.g. {@code 0.15,0.60}); null for {@link #NONE} or an empty text.
   *
   * @throws IllegalArgumentException saying what is wrong with the text
   */
  public static TokenPrice parse(String text) {
    if (text == null || text.isBlank() || text.trim().equalsIgnoreCase(NONE)) {
      return null;
    }
    String[] parts = text.split(",", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException(
          "--pricePerMillionTokens: expected IN,OUT (the price of a million prompt tokens and of"
              + " a million completion tokens, e.g. 0.15,0.60), got '"
              + text
              + "'");
    }
    return new TokenPrice(number(parts[0], "IN", text), number(parts[1], "OUT", text));
  }

  private static double number(String part, String which, String text) {
    double v;
    try {
      v = Double.parseDouble(part.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--pricePerMillionTokens: " + which + " is not a number in '" + text + "'", e);
    }
    if (!Double.isFinite(v) || v < 0) {
      throw new IllegalArgumentException(
          "--pricePerMillionTokens: "
              + which
              + " must be a number >= 0, got '"
              + part.trim()
              + "'");
    }
    return v;
  }

  /** The cost of {@code promptTokens} in and {@code completionTokens} out. */
  public double cost(long promptTokens, long completionTokens) {
    return promptTokens / 1e6 * input + completionTokens / 1e6 * output;
  }

  /** The price as {@link #toJson} wrote it in {@code manifest}; null when it names none. */
  public static TokenPrice fromManifest(JsonNode manifest) {
    JsonNode p = manifest == null ? null : manifest.get(MANIFEST_FIELD);
    if (p == null || !p.isObject()) {
      return null;
    }
    return new TokenPrice(p.path("input").asDouble(), p.path("output").asDouble());
  }

  public ObjectNode toJson() {
    return MetricsJson.JSON.createObjectNode().put("input", input).put("output", output);
  }
}
