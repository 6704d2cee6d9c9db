package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * Metrics at k = 1..K (pass@k, maj@k) as lines with markers and shaded 95% CI bands. The x axis is
 * base-2 logarithmic when K > 8; a single k is drawn as markers with CI whiskers.
 */
final class LineChart {
  /** One metric: {@code values.get(k - 1)} is its estimate at k; drawn in {@code color}. */
  record Series(String metric, String color, List<Estimate> values) {}

  static final int WIDTH = 640;
  static final int HEIGHT = 340;
  private static final int MAX_MARKERS = 64;

  private final String title;
  private final List<Series> series;

  LineChart(String title, List<Series> series) {
    this.title = title;
    this.series = List.copyOf(series);
  }

  String render(String id) {
    int kMax = 0;
    for (Series s : series) {
      kMax = Math.max(kMax, s.values().size());
    }
    Axis x;
    if (kMax > 8) {
      x = Axis.log2(1, kMax);
    } else if (kMax <= 1) {
      x = Axis.fixed(0, 2, List.of(1.0));
    } else {
      List<Double> ticks = new ArrayList<>();
      for (int k = 1; k <= kMax; k++) {
        ticks.add((double) k);
      }
      x = Axis.fixed(1, kMax, ticks);
    }
    Axis y = Axis.fixed(0, 1, List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0));
    PlotArea area = new PlotArea(70, 40, WIDTH - 70 - 24, HEIGHT - 40 - 56, x, y);

    StringBuilder out = new StringBuilder();
    Svg.open(out, id, WIDTH, HEIGHT, title, describe(kMax));
    area.drawAxes(
        out,
        x.isLog2() ? "k (samples drawn, log\u2082 scale)" : "k (samples drawn)",
        v -> Formats.number(v),
        "accuracy",
        v -> Formats.percent(v).replace(".0%", "%"));
    if (kMax == 0) {
      Svg.text(
          out,
          area.left + area.width / 2,
          area.top + area.height / 2,
          "middle",
          "empty",
          "no samples");
    }
    List<Svg.Key> keys = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      if (s.values().isEmpty()) {
        continue;
      }
      keys.add(new Svg.Key(s.metric() + "@k (95% CI shaded)", s.color()));
      drawSeries(out, area, s, i);
    }
    Svg.legend(out, area.left, 22, keys);
    Svg.close(out);
    return out.toString();
  }

  private String describe(int kMax) {
    StringBuilder d = new StringBuilder();
    for (Series s : series) {
      if (s.values().isEmpty()) {
        continue;
      }
      if (d.length() > 0) {
        d.append("; ");
      }
      d.append(s.metric()).append("@1 = ").append(Formats.estimate(s.values().get(0)));
      if (s.values().size() > 1) {
        int k = s.values().size();
        d.append(", ")
            .append(s.metric())
            .append('@')
            .append(k)
            .append(" = ")
            .append(Formats.estimate(s.values().get(k - 1)));
      }
    }
    return kMax == 0 ? "No samples." : d.append('.').toString();
  }

  private static void drawSeries(StringBuilder out, PlotArea area, Series s, int index) {
    List<Estimate> v = s.values();
    out.append("<g class=\"series\" data-metric=\"")
        .append(Html.escape(s.metric()))
        .append("\">\n");
    // CI: bands over runs of consecutive k with an interval; whiskers for isolated points.
    int runStart = -1;
    for (int i = 0; i <= v.size(); i++) {
      boolean has = i < v.size() && v.get(i).hasInterval();
      if (has && runStart < 0) {
        runStart = i;
      } else if (!has && runStart >= 0) {
        if (i - runStart >= 2) {
          band(out, area, v, runStart, i, s.color());
        } else {
          Estimate e = v.get(runStart);
          double xx = area.px(runStart + 1);
          out.append("<line class=\"ci-whisker\" stroke-width=\"2\" stroke=\"")
              .append(s.color())
              .append("\" x1=\"")
              .append(Svg.num(xx))
              .append("\" y1=\"")
              .append(Svg.num(area.py(e.lower())))
              .append("\" x2=\"")
              .append(Svg.num(xx))
              .append("\" y2=\"")
              .append(Svg.num(area.py(e.upper())))
              .append("\"/>\n");
        }
        runStart = -1;
      }
    }
    // The line, broken where a value is missing.
    StringBuilder points = new StringBuilder();
    int count = 0;
    for (int i = 0; i <= v.size(); i++) {
      boolean has = i < v.size() && Double.isFinite(v.get(i).value());
      if (has) {
        points
            .append(count++ == 0 ? "" : " ")
            .append(Svg.num(area.px(i + 1)))
            .append(',')
            .append(Svg.num(area.py(v.get(i).value())));
      } else {
        if (count >= 2) {
          out.append("<polyline class=\"line")
              .append(index % 2 == 1 ? " dashed" : "")
              .append("\" fill=\"none\" stroke-width=\"2\" stroke=\"")
              .append(s.color())
              .append("\" points=\"")
              .append(points)
              .append("\"/>\n");
        }
        points.setLength(0);
        count = 0;
      }
    }
    if (v.size() <= MAX_MARKERS) {
      for (int i = 0; i < v.size(); i++) {
        Estimate e = v.get(i);
        if (!Double.isFinite(e.value())) {
          continue;
        }
        double xx = area.px(i + 1);
        double yy = area.py(e.value());
        String tip = s.metric() + "@" + (i + 1) + " = " + Formats.estimate(e);
        // Shapes differ per series too, so the chart reads without colour.
        if (index % 2 == 0) {
          out.append("<circle class=\"marker\" cx=\"")
              .append(Svg.num(xx))
              .append("\" cy=\"")
              .append(Svg.num(yy))
              .append("\" r=\"3.5\" fill=\"")
              .append(s.color())
              .append("\">");
          out.append("<title>").append(Html.escape(tip)).append("</title></circle>\n");
        } else {
          out.append("<rect class=\"marker\" x=\"")
              .append(Svg.num(xx - 3.5))
              .append("\" y=\"")
              .append(Svg.num(yy - 3.5))
              .append("\" width=\"7\" height=\"7\" fill=\"")
              .append(s.color())
              .append("\">");
          out.append("<title>").append(Html.escape(tip)).append("</title></rect>\n");
        }
      }
    }
    out.append("</g>\n");
  }

  private static void band(
      StringBuilder out, PlotArea area, List<Estimate> v, int from, int to, String color) {
    out.append("<polygon class=\"ci-band\" fill-opacity=\"0.2\" fill=\"")
        .append(color)
        .append("\" points=\"");
    for (int i = from; i < to; i++) {
      out.append(i == from ? "" : " ")
          .append(Svg.num(area.px(i + 1)))
          .append(',')
          .append(Svg.num(area.py(v.get(i).upper())));
    }
    for (int i = to - 1; i >= from; i--) {
      out.append(' ')
          .append(Svg.num(area.px(i + 1)))
          .append(',')
          .append(Svg.num(area.py(v.get(i).lower())));
    }
    out.append("\"/>\n");
  }
}
