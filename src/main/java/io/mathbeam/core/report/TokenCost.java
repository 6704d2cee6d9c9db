package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.DatasetMetrics;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tokens of one dataset's samples (or of {@code _aggregate}) and what they cost at a {@link
 * TokenPrice}. Prompt tokens are summed over sample rows as the server reported {@code
 * usage.prompt_tokens} for each: a request for n choices counts its prompt n times.
 */
public record TokenCost(long promptTokens, long completionTokens, double cost) {
  /** The field of a dataset's object in metrics.json. */
  public static final String FIELD = "cost";

  public static TokenCost of(long promptTokens, long completionTokens, TokenPrice price) {
    return new TokenCost(
        promptTokens, completionTokens, price.cost(promptTokens, completionTokens));
  }

  public ObjectNode toJson(TokenPrice price) {
    return MetricsJson.JSON
        .createObjectNode()
        .put("prompt_tokens", promptTokens)
        .put("completion_tokens", completionTokens)
        .put("input_cost", price.cost(promptTokens, 0))
        .put("output_cost", price.cost(0, completionTokens))
        .put("total", cost);
  }

  /**
   * The costs in a metrics.json document, by dataset name and {@link DatasetMetrics#AGGREGATE};
   * empty when the run was not priced.
   */
  public static Map<String, TokenCost> read(JsonNode root) {
    Map<String, TokenCost> out = new TreeMap<>();
    root.path("datasets")
        .fields()
        .forEachRemaining(e -> put(out, e.getKey(), e.getValue().get(FIELD)));
    put(out, DatasetMetrics.AGGREGATE, root.path(DatasetMetrics.AGGREGATE).get(FIELD));
    return out;
  }

  private static void put(Map<String, TokenCost> out, String scope, JsonNode cost) {
    if (cost != null && cost.isObject()) {
      out.put(
          scope,
          new TokenCost(
              cost.path("prompt_tokens").asLong(),
              cost.path("completion_tokens").asLong(),
              cost.path("total").asDouble()));
    }
  }

  /** {@code 1,234 prompt + 5,678 completion tokens: 0.0012}, as the report's run facts show it. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%,d prompt + %,d completion tokens: %s",
        promptTokens,
        completionTokens,
        format(cost));
  }

  /** Two decimals from 1 up, four below (a small run costs fractions of a cent). */
  public static String format(double cost) {
    return String.format(Locale.ROOT, cost >= 1 ? "%,.2f" : "%.4f", cost);
  }
}
