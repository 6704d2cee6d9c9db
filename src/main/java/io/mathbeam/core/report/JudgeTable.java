package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * The symbolic grader and the judge side by side, one row per dataset, from the {@code judge}
 * objects of metrics.json: pass@1 of the four readings, the judge's verdicts and the disagreements.
 */
public final class JudgeTable {
  private static final String[] READINGS = {
    "symbolic_correct", "judge_correct", "both_correct", "any_correct"
  };

  private JudgeTable() {}

  /** The table, or "" when the run had no judge. */
  public static String format(JsonNode metrics) {
    JsonNode datasets = metrics.path("datasets");
    StringBuilder rows = new StringBuilder();
    String header = null;
    for (Iterator<Map.Entry<String, JsonNode>> it = datasets.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode j = e.getValue().path("judge");
      if (j.isMissingNode()) {
        continue;
      }
      if (header == null) {
        header =
            String.format(
                Locale.ROOT,
                "Judge (%s, headline from %s), pass@1 by reading:%n%-16s %9s %9s %9s %9s %7s"
                    + " %18s %9s %20s%n",
                j.path("mode").asText(),
                j.path("reward_from").asText(),
                "Dataset",
                "Symbolic",
                "Judge",
                "Both",
                "Any",
                "Judged",
                "Verdicts c/i/m/e",
                "Disagree",
                "Kappa [95%]");
      }
      String name = e.getKey().toUpperCase(Locale.ROOT);
      rows.append(
          String.format(
              Locale.ROOT, "%-16s", name.length() <= 16 ? name : name.substring(0, 15) + "~"));
      for (String reading : READINGS) {
        JsonNode pass = j.path("rewards").path(reading).path("pass_at_k");
        rows.append(
            pass.size() == 0
                ? String.format(Locale.ROOT, " %9s", "-")
                : String.format(
                    Locale.ROOT, " %8.1f%%", 100 * pass.get(0).path("value").asDouble()));
      }
      JsonNode v = j.path("verdicts");
      rows.append(
          String.format(
              Locale.ROOT,
              " %7d %18s %9d %20s%n",
              j.path("judged").asLong(),
              v.path("correct").asLong()
                  + "/"
                  + v.path("incorrect").asLong()
                  + "/"
                  + v.path("malformed").asLong()
                  + "/"
                  + v.path("error").asLong(),
              j.path("disagreements").asLong(),
              kappa(j.path("agreement"))));
    }
    return header == null ? "" : header + rows;
  }

  /** "0.81 [0.74, 0.87]", or "-" without a kappa (a cascade, a run before it was reported). */
  private static String kappa(JsonNode agreement) {
    JsonNode k = agreement.path("kappa");
    if (!k.isNumber()) {
      return "-";
    }
    JsonNode lower = agreement.path("ci95_lower");
    JsonNode upper = agreement.path("ci95_upper");
    String interval =
        lower.isNumber() && upper.isNumber()
            ? String.format(Locale.ROOT, " [%.2f, %.2f]", lower.asDouble(), upper.asDouble())
            : "";
    return String.format(Locale.ROOT, "%.2f", k.asDouble()) + interval;
  }
}
