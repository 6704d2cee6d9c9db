package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.List;

/** Per-replica request latency: a table and a grouped bar chart of p50/p90/p99/max. */
final class LatencySection {
  private LatencySection() {}

  static void render(StringBuilder out, List<ReplicaLatency> replicas, ChartIds ids) {
    out.append("<section id=\"latency\">\n<h2>Latency per replica</h2>\n");
    if (replicas.isEmpty()) {
      out.append("<p class=\"meta\">No latency was recorded.</p>\n</section>\n");
      return;
    }
    out.append("<table class=\"numbers\">\n<thead><tr><th>replica</th><th>samples</th>")
        .append("<th>p50</th><th>p90</th><th>p99</th><th>max</th></tr></thead>\n<tbody>\n");
    List<String> names = new ArrayList<>();
    double[][] values = new double[4][replicas.size()];
    for (int i = 0; i < replicas.size(); i++) {
      ReplicaLatency r = replicas.get(i);
      names.add(r.replica());
      values[0][i] = r.p50Ms();
      values[1][i] = r.p90Ms();
      values[2][i] = r.p99Ms();
      values[3][i] = r.maxMs();
      out.append("<tr><td>")
          .append(Html.escape(r.replica()))
          .append("</td><td>")
          .append(Formats.number(r.samples()))
          .append("</td><td>")
          .append(Formats.millis(r.p50Ms()))
          .append("</td><td>")
          .append(Formats.millis(r.p90Ms()))
          .append("</td><td>")
          .append(Formats.millis(r.p99Ms()))
          .append("</td><td>")
          .append(Formats.millis(r.maxMs()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    BarChart chart =
        new BarChart(
            "Request latency per replica",
            "p50, p90, p99 and maximum request latency of " + replicas.size() + " replicas.",
            names,
            List.of(
                new BarChart.Series("p50", Palette.SKY, values[0]),
                new BarChart.Series("p90", Palette.BLUE, values[1]),
                new BarChart.Series("p99", Palette.ORANGE, values[2]),
                new BarChart.Series("max", Palette.VERMILLION, values[3])),
            "latency (ms)",
            v -> Formats.number(Math.round(v)));
    DatasetSection.figure(
        out, chart.render(ids.next()), "Latency percentiles per replica, in milliseconds.");
    out.append("</section>\n");
  }
}
