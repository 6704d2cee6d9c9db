package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * pass@1 of one dataset over the runs of the history table, oldest first: a line through the runs
 * with each run's 95% CI as a whisker, each point titled with its run, model and date.
 */
final class TrendChart {
  static final int WIDTH = 640;
  static final int HEIGHT = 300;

  private final String title;
  private final List<HistoryRow> runs;

  /** {@code runs} oldest first. */
  TrendChart(String title, List<HistoryRow> runs) {
    this.title = title;
    this.runs = List.copyOf(runs);
  }

  String render(String id) {
    int n = runs.size();
    Axis x =
        n <= 12 ? Axis.fixed(n == 1 ? 0 : 1, n == 1 ? 2 : n, ticks(n)) : Axis.linear(1, n, 8, true);
    Axis y = Axis.fixed(0, 1, List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0));
    PlotArea area = new PlotArea(70, 30, WIDTH - 70 - 24, HEIGHT - 30 - 56, x, y);
    StringBuilder out = new StringBuilder();
    Svg.open(out, id, WIDTH, HEIGHT, title, describe());
    area.drawAxes(
        out,
        "run (oldest first)",
        v -> Formats.number(v),
        "pass@1",
        v -> Formats.percent(v).replace(".0%", "%"));
    out.append("<g class=\"series\" data-metric=\"pass@1\">\n");
    StringBuilder path = new StringBuilder();
    for (int i = 0; i < n; i++) {
      Estimate e = runs.get(i).passAt1();
      path.append(i == 0 ? "M" : " L")
          .append(Svg.num(area.px(i + 1)))
          .append(',')
          .append(Svg.num(area.py(e.value())));
    }
    out.append("<path fill=\"none\" stroke-width=\"2\" stroke=\"")
        .append(Palette.BLUE)
        .append("\" d=\"")
        .append(path)
        .append("\"/>\n");
    for (int i = 0; i < n; i++) {
      HistoryRow row = runs.get(i);
      Estimate e = row.passAt1();
      double px = area.px(i + 1);
      if (e.hasInterval()) {
        out.append("<line class=\"ci-whisker\" stroke-width=\"2\" stroke=\"")
            .append(Palette.BLUE)
            .append("\" x1=\"")
            .append(Svg.num(px))
            .append("\" y1=\"")
            .append(Svg.num(area.py(e.lower())))
            .append("\" x2=\"")
            .append(Svg.num(px))
            .append("\" y2=\"")
            .append(Svg.num(area.py(e.upper())))
            .append("\"/>\n");
      }
      out.append("<circle r=\"4\" fill=\"")
          .append(Palette.BLUE)
          .append("\" cx=\"")
          .append(Svg.num(px))
          .append("\" cy=\"")
          .append(Svg.num(area.py(e.value())))
          .append("\"><title>")
          .append(
              Html.escape(
                  "run "
                      + (i + 1)
                      + ": "
                      + row.run()
                      + " ("
                      + row.model()
                      + ", "
                      + row.finishedAt()
                      + "): pass@1 "
                      + Formats.estimate(e)))
          .append("</title></circle>\n");
    }
    out.append("</g>\n");
    Svg.close(out);
    return out.toString();
  }

  private String describe() {
    Estimate first = runs.get(0).passAt1();
    Estimate last = runs.get(runs.size() - 1).passAt1();
    return runs.size()
        + " runs; pass@1 "
        + Formats.estimate(first)
        + " in the oldest, "
        + Formats.estimate(last)
        + " in the latest.";
  }

  private static List<Double> ticks(int n) {
    List<Double> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      out.add((double) i);
    }
    return out;
  }
}
