package io.mathbeam.core.report.html;

import java.util.function.DoubleFunction;

/** The rectangle of a chart that holds the data, with its two axes and their drawing. */
final class PlotArea {
  final double left;
  final double top;
  final double width;
  final double height;
  final Axis x;
  final Axis y;

  PlotArea(double left, double top, double width, double height, Axis x, Axis y) {
    this.left = left;
    this.top = top;
    this.width = width;
    this.height = height;
    this.x = x;
    this.y = y;
  }

  double px(double v) {
    return left + x.fraction(v) * width;
  }

  double py(double v) {
    return top + height - y.fraction(v) * height;
  }

  double bottom() {
    return top + height;
  }

  /**
   * Grid lines at the y ticks, both axis lines, tick labels and the axis titles; a null x title or
   * x label function leaves those out (small multiples label only the bottom panel).
   */
  void drawAxes(
      StringBuilder out,
      String xTitle,
      DoubleFunction<String> xLabel,
      String yTitle,
      DoubleFunction<String> yLabel) {
    out.append("<g class=\"axes\">\n");
    for (double t : y.ticks()) {
      double yy = py(t);
      Svg.line(out, left, yy, left + width, yy, "grid");
      Svg.text(out, left - 6, yy + 4, "end", "tick", yLabel.apply(t));
    }
    for (double t : x.ticks()) {
      double xx = px(t);
      Svg.line(out, xx, bottom(), xx, bottom() + 5, "axis");
      if (xLabel != null) {
        Svg.text(out, xx, bottom() + 18, "middle", "tick", xLabel.apply(t));
      }
    }
    Svg.line(out, left, bottom(), left + width, bottom(), "axis");
    Svg.line(out, left, top, left, bottom(), "axis");
    if (xTitle != null) {
      Svg.text(out, left + width / 2, bottom() + 36, "middle", "axis-title", xTitle);
    }
    double cy = top + height / 2;
    out.append("<text transform=\"translate(")
        .append(Svg.num(left - 44))
        .append(' ')
        .append(Svg.num(cy))
        .append(") rotate(-90)\" text-anchor=\"middle\" class=\"axis-title\">")
        .append(Html.escape(yTitle))
        .append("</text>\n");
    out.append("</g>\n");
  }
}
