package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.report.TokenCost;
import io.mathbeam.core.report.TokenPrice;
import io.mathbeam.core.stats.DatasetMetrics;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sums a run's prompt and completion tokens per dataset over its sample rows and, when the manifest
 * records a {@link TokenPrice}, writes each dataset's {@link TokenCost} (and {@code _aggregate}'s)
 * into {@code metrics.json}. Every row counts, cached samples and failed requests (which report no
 * tokens) included: the cost of the results, not of this invocation's requests.
 */
final class RunCost {
  private final Map<String, long[]> byDataset = new TreeMap<>();
  private final long[] all = new long[2];

  void add(String dataset, int promptTokens, int completionTokens) {
    long[] sums = byDataset.computeIfAbsent(dataset, d -> new long[2]);
    sums[0] += promptTokens;
    sums[1] += completionTokens;
    all[0] += promptTokens;
    all[1] += completionTokens;
  }

  /** Writes the costs into {@code root}; nothing when its manifest has no price. */
  void annotate(ObjectNode root) {
    TokenPrice price = TokenPrice.fromManifest(root.get("manifest"));
    if (price == null) {
      return;
    }
    byDataset.forEach(
        (dataset, sums) -> {
          if (root.path("datasets").get(dataset) instanceof ObjectNode node) {
            node.set(TokenCost.FIELD, TokenCost.of(sums[0], sums[1], price).toJson(price));
          }
        });
    if (root.get(DatasetMetrics.AGGREGATE) instanceof ObjectNode aggregate) {
      aggregate.set(TokenCost.FIELD, TokenCost.of(all[0], all[1], price).toJson(price));
    }
  }
}
