package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * How the standard error of pass@1 shrinks with more samples per problem, one row per dataset, from
 * the {@code se_vs_samples_per_problem} tables of metrics.json (in percentage points).
 */
public final class StandardErrorTable {
  private StandardErrorTable() {}

  /** The table, or "" when metrics.json has no such tables. */
  public static String format(JsonNode metrics) {
    TreeSet<Integer> ks = new TreeSet<>();
    JsonNode datasets = metrics.path("datasets");
    datasets.forEach(
        d ->
            d.path("se_vs_samples_per_problem")
                .forEach(r -> ks.add(r.path("samples_per_problem").asInt())));
    if (ks.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    out.append("Standard error of pass@1 (points) with K samples per problem:\n");
    out.append(String.format(Locale.ROOT, "%-16s", "Dataset"));
    for (int k : ks) {
      out.append(String.format(Locale.ROOT, " %7s", "K=" + k));
    }
    out.append('\n');
    for (Iterator<Map.Entry<String, JsonNode>> it = datasets.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey().toUpperCase(Locale.ROOT);
      out.append(
          String.format(
              Locale.ROOT, "%-16s", name.length() <= 16 ? name : name.substring(0, 15) + "~"));
      for (int k : ks) {
        String cell = "-";
        for (JsonNode r : e.getValue().path("se_vs_samples_per_problem")) {
          if (r.path("samples_per_problem").asInt() == k && r.path("pass_at_1_se").isNumber()) {
            cell = String.format(Locale.ROOT, "%.1f", 100 * r.path("pass_at_1_se").asDouble());
          }
        }
        out.append(String.format(Locale.ROOT, " %7s", cell));
      }
      out.append('\n');
    }
    out.append(precision(datasets));
    return out.toString();
  }

  /**
   * The samples per problem that a 95% interval of +-1 and +-2 points for the fixed problems needs,
   * beside the half-widths now; "" when metrics.json has no {@code sampling_precision}.
   */
  private static String precision(JsonNode datasets) {
    StringBuilder out = new StringBuilder();
    for (Iterator<Map.Entry<String, JsonNode>> it = datasets.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode p = e.getValue().path("sampling_precision");
      if (!p.isObject()) {
        continue;
      }
      if (out.length() == 0) {
        out.append(
            "\nSamples per problem for a 95% interval of pass@1 of +-1 and +-2 points for these"
                + " problems\n(the samples' noise; the problem-sampling part, which no K shrinks,"
                + " beside it):\n");
        out.append(
            String.format(
                Locale.ROOT,
                "%-16s %9s %7s %7s %10s%n",
                "Dataset",
                "now (+-)",
                "K(+-1)",
                "K(+-2)",
                "problems"));
      }
      String name = e.getKey().toUpperCase(Locale.ROOT);
      out.append(
          String.format(
              Locale.ROOT,
              "%-16s %9s %7s %7s %10s%n",
              name.length() <= 16 ? name : name.substring(0, 15) + "~",
              points(p.path("pass_at_1_half_width")),
              count(p.path("samples_per_problem_for_1_point")),
              count(p.path("samples_per_problem_for_2_points")),
              "+-" + points(p.path("problem_sampling_half_width"))));
    }
    return out.toString();
  }

  private static String points(JsonNode fraction) {
    return fraction.isNumber()
        ? String.format(Locale.ROOT, "%.2f", 100 * fraction.asDouble())
        : "-";
  }

  private static String count(JsonNode k) {
    return k.isNumber() ? Integer.toString(k.asInt()) : "-";
  }
}
