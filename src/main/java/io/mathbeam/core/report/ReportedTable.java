package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.ComparisonRow;
import io.mathbeam.core.stats.MetricInterval;
import java.util.List;
import java.util.Locale;

/**
 * Reported-vs-reproduced: published values next to this run's estimates, as the {@code
 * reported_comparison} array of metrics.json and as a printed table.
 */
public final class ReportedTable {
  private ReportedTable() {}

  public static ArrayNode toJson(List<ComparisonRow> rows) {
    ArrayNode out = MetricsJson.JSON.createArrayNode();
    for (ComparisonRow row : rows) {
      ObjectNode o =
          out.addObject()
              .put("dataset", row.reported().dataset())
              .put("metric", row.reported().metric().toString())
              .put("reported", row.reported().value())
              .put("source", row.reported().source())
              .put("status", row.status().name().toLowerCase(Locale.ROOT));
      MetricInterval ours = row.ours();
      if (ours != null) {
        o.put("ours", ours.point())
            .put("ci95_lower", ours.lower())
            .put("ci95_upper", ours.upper())
            .put("delta", ours.point() - row.reported().value());
      }
    }
    return out;
  }

  public static String format(List<ComparisonRow> rows) {
    return format(rows, true);
  }

  /**
   * @param withSource whether each row names its source (not when a heading names the one source)
   */
  public static String format(List<ComparisonRow> rows, boolean withSource) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
                Locale.ROOT,
                "%-14s %-8s %9s %8s %16s %8s  %-12s %s",
                "Dataset",
                "Metric",
                "Reported",
                "Ours",
                "Ours 95% CI",
                "Delta",
                "Verdict",
                withSource ? "Source" : "")
            .stripTrailing());
    out.append(System.lineSeparator());
    for (ComparisonRow row : rows) {
      MetricInterval ours = row.ours();
      out.append(
          String.format(
                  Locale.ROOT,
                  "%-14s %-8s %8.1f%% %8s %16s %8s  %-12s %s",
                  row.reported().dataset(),
                  row.reported().metric(),
                  100 * row.reported().value(),
                  ours == null ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * ours.point()),
                  ours == null
                      ? "-"
                      : String.format(
                          Locale.ROOT, "[%.1f, %.1f]", 100 * ours.lower(), 100 * ours.upper()),
                  ours == null
                      ? "-"
                      : String.format(
                          Locale.ROOT, "%+.1f", 100 * (ours.point() - row.reported().value())),
                  switch (row.status()) {
                    case INSIDE_CI -> "inside CI";
                    case OUTSIDE_CI -> "OUTSIDE CI";
                    case NOT_COMPUTED -> "not computed";
                  },
                  withSource ? row.reported().source() : "")
              .stripTrailing());
      out.append(System.lineSeparator());
    }
    return out.toString();
  }
}
