package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/** Horizontal bars: one group per category, one bar per series, value printed at the bar end. */
final class BarChart {
  /** One bar per category: {@code values[i]} belongs to category i. */
  record Series(String name, String color, double[] values) {}

  static final int WIDTH = 640;
  private static final int BAR = 14;
  private static final int GROUP_GAP = 10;
  private static final int MAX_LABEL_CHARS = 28;

  private final String title;
  private final String description;
  private final List<String> categories;
  private final List<Series> series;
  private final String valueTitle;
  private final DoubleFunction<String> valueLabel;

  BarChart(
      String title,
      String description,
      List<String> categories,
      List<Series> series,
      String valueTitle,
      DoubleFunction<String> valueLabel) {
    this.title = title;
    this.description = description;
    this.categories = List.copyOf(categories);
    this.series = List.copyOf(series);
    this.valueTitle = valueTitle;
    this.valueLabel = valueLabel;
  }

  String render(String id) {
    int longest = 4;
    for (String c : categories) {
      longest = Math.max(longest, Math.min(MAX_LABEL_CHARS, c.length()));
    }
    double left = 16 + 7 * longest;
    double group = series.size() * BAR + GROUP_GAP;
    double plotHeight = Math.max(group, categories.size() * group);
    int top = series.size() > 1 ? 40 : 16;
    int height = (int) Math.ceil(top + plotHeight + 50);
    double max = 0;
    for (Series s : series) {
      for (double v : s.values()) {
        if (Double.isFinite(v)) {
          max = Math.max(max, v);
        }
      }
    }
    Axis x = Axis.linear(0, max > 0 ? max : 1, 6, false);
    // The category axis is only used for its line; bars are placed by index below.
    Axis y = Axis.fixed(0, 1, List.of());
    // Room on the right for the value printed after the longest bar.
    PlotArea area = new PlotArea(left, top, WIDTH - left - 90, plotHeight, x, y);

    StringBuilder out = new StringBuilder();
    Svg.open(out, id, WIDTH, height, title, description);
    area.drawAxes(out, valueTitle, valueLabel, "", v -> "");
    if (series.size() > 1) {
      List<Svg.Key> keys = new ArrayList<>();
      for (Series s : series) {
        keys.add(new Svg.Key(s.name(), s.color()));
      }
      Svg.legend(out, left, 22, keys);
    }
    for (int c = 0; c < categories.size(); c++) {
      double groupTop = top + c * group + GROUP_GAP / 2.0;
      String name = categories.get(c);
      String shown =
          name.length() > MAX_LABEL_CHARS
              ? name.substring(0, MAX_LABEL_CHARS - 1) + "\u2026"
              : name;
      Svg.text(out, left - 6, groupTop + series.size() * BAR / 2.0 + 4, "end", "category", shown);
      for (int s = 0; s < series.size(); s++) {
        Series ser = series.get(s);
        double v = c < ser.values().length ? ser.values()[c] : Double.NaN;
        if (!Double.isFinite(v)) {
          continue;
        }
        double yy = groupTop + s * BAR;
        double w = area.px(v) - left;
        String label = valueLabel.apply(v);
        Svg.rect(
            out, left, yy + 1, w, BAR - 2, ser.color(), name + ", " + ser.name() + ": " + label);
        Svg.text(out, left + w + 4, yy + BAR - 3, "start", "bar-label", label);
      }
    }
    Svg.close(out);
    return out.toString();
  }
}
