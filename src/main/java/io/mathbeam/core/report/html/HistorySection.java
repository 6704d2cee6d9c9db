package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The trend over earlier runs: per dataset a chart of pass@1 with its CI, and a table, oldest
 * first, with the change per run.
 */
final class HistorySection {
  private HistorySection() {}

  static void render(StringBuilder out, List<HistoryRow> history, ChartIds ids) {
    if (history.isEmpty()) {
      return;
    }
    Map<String, List<HistoryRow>> byDataset = new TreeMap<>();
    for (HistoryRow row : history) {
      byDataset.computeIfAbsent(row.dataset(), d -> new ArrayList<>()).add(row);
    }
    out.append("<section id=\"history\">\n<h2>History</h2>\n");
    out.append(
        "<p class=\"meta\">pass@1 of the runs recorded in the history table, oldest first.</p>\n");
    for (Map.Entry<String, List<HistoryRow>> e : byDataset.entrySet()) {
      List<HistoryRow> rows = new ArrayList<>(e.getValue());
      rows.sort(Comparator.comparing(HistoryRow::finishedAt));
      out.append("<h3>").append(Html.escape(e.getKey())).append("</h3>\n");
      DatasetSection.figure(
          out,
          new TrendChart(e.getKey() + ": pass@1 over runs", rows).render(ids.next()),
          "pass@1 of each run (whiskers: 95% confidence interval), oldest first.");
      out.append(
          "<table class=\"history\">\n<thead><tr><th>finished</th><th>model</th><th>run</th>"
              + "<th>pass@1 [95% CI]</th><th>change</th></tr></thead>\n<tbody>\n");
      double previous = Double.NaN;
      for (HistoryRow row : rows) {
        double value = row.passAt1().value();
        String change =
            Double.isNaN(previous)
                ? ""
                : String.format(java.util.Locale.ROOT, "%+.1f pts", 100 * (value - previous));
        out.append("<tr><td>")
            .append(Html.escape(row.finishedAt()))
            .append("</td><td>")
            .append(Html.escape(row.model()))
            .append("</td><td>")
            .append(Html.escape(row.run()))
            .append("</td><td>")
            .append(Html.escape(Formats.estimate(row.passAt1())))
            .append("</td><td>")
            .append(Html.escape(change))
            .append("</td></tr>\n");
        previous = value;
      }
      out.append("</tbody>\n</table>\n");
    }
    out.append("</section>\n");
  }
}
