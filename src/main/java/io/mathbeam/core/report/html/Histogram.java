package io.mathbeam.core.report.html;

import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Counts over shared bins, one panel per group stacked vertically (small multiples with a common x
 * axis, each panel with its own count axis).
 */
final class Histogram {
  /** One group's counts per bin; {@code counts.length == edges.length - 1}. */
  record Panel(String label, String color, long[] counts) {}

  static final int WIDTH = 640;
  private static final int TOP = 30;
  private static final int BOTTOM = 50;
  private static final int GAP = 30;

  private final String title;
  private final String description;
  private final double[] edges;
  private final Axis x;
  private final String xTitle;
  private final DoubleFunction<String> xLabel;
  private final List<Panel> panels;
  private final int panelHeight;
  private String[] binNames;

  Histogram(
      String title,
      String description,
      double[] edges,
      Axis x,
      String xTitle,
      DoubleFunction<String> xLabel,
      List<Panel> panels,
      int panelHeight) {
    this.title = title;
    this.description = description;
    this.edges = edges.clone();
    this.x = x;
    this.xTitle = xTitle;
    this.xLabel = xLabel;
    this.panels = List.copyOf(panels);
    this.panelHeight = panelHeight;
    for (Panel p : panels) {
      if (p.counts().length != edges.length - 1) {
        throw new IllegalArgumentException("panel " + p.label() + " has the wrong number of bins");
      }
    }
  }

  /** Names the bins in tooltips (e.g. "3/16") instead of their [start, end) ranges. */
  Histogram withBinNames(String[] names) {
    this.binNames = names.clone();
    return this;
  }

  int height() {
    return TOP + panels.size() * panelHeight + (panels.size() - 1) * GAP + BOTTOM;
  }

  String render(String id) {
    StringBuilder out = new StringBuilder();
    Svg.open(out, id, WIDTH, height(), title, description);
    for (int i = 0; i < panels.size(); i++) {
      Panel p = panels.get(i);
      boolean last = i == panels.size() - 1;
      long max = 0;
      long total = 0;
      for (long c : p.counts()) {
        max = Math.max(max, c);
        total += c;
      }
      Axis y = Axis.linear(0, Math.max(1, max), panels.size() > 1 ? 3 : 5, true);
      double top = TOP + i * (panelHeight + GAP);
      PlotArea area = new PlotArea(70, top, WIDTH - 70 - 24, panelHeight, x, y);
      out.append("<g class=\"panel\">\n");
      area.drawAxes(
          out, last ? xTitle : null, last ? xLabel : null, "count", v -> Formats.number(v));
      if (panels.size() > 1) {
        // Each panel names itself beside a swatch of its colour: the legend of small multiples.
        Svg.rect(out, area.left, top - 19, 12, 12, p.color(), null);
        Svg.text(out, area.left + 16, top - 9, "start", "panel-title", p.label());
      }
      if (total == 0) {
        Svg.text(
            out,
            area.left + area.width / 2,
            top + panelHeight / 2.0,
            "middle",
            "empty",
            "no samples");
      }
      boolean labelBars = p.counts().length <= 24;
      for (int b = 0; b < p.counts().length; b++) {
        long c = p.counts()[b];
        if (c == 0) {
          continue;
        }
        double x0 = area.px(edges[b]);
        double x1 = area.px(edges[b + 1]);
        double yy = area.py(c);
        String bin =
            binNames != null
                ? binNames[b]
                : "[" + xLabel.apply(edges[b]) + ", " + xLabel.apply(edges[b + 1]) + ")";
        String tip = p.label() + ": " + Formats.number(c) + " in " + bin;
        Svg.rect(out, x0 + 0.5, yy, x1 - x0 - 1, area.bottom() - yy, p.color(), tip);
        if (labelBars) {
          Svg.text(out, (x0 + x1) / 2, yy - 3, "middle", "bar-label", Formats.number(c));
        }
      }
      out.append("</g>\n");
    }
    Svg.close(out);
    return out.toString();
  }

  /** Counts of {@code values} in bins [edges[b], edges[b+1]); the last bin includes its end. */
  static long[] count(double[] edges, double[] values) {
    long[] counts = new long[edges.length - 1];
    for (double v : values) {
      if (!Double.isFinite(v) || v < edges[0] || v > edges[edges.length - 1]) {
        continue;
      }
      int lo = 0;
      int hi = counts.length - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        if (v >= edges[mid]) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      counts[lo]++;
    }
    return counts;
  }
}
