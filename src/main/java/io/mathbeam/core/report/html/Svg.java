package io.mathbeam.core.report.html;

import java.util.List;
import java.util.Locale;

/** Shared pieces of the inline SVG charts: the root element, numbers, legends. */
final class Svg {
  private Svg() {}

  /** A legend entry. */
  record Key(String label, String color) {}

  /** Opens an accessible {@code <svg>} with a {@code <title>} and {@code <desc>}. */
  static void open(StringBuilder out, String id, int width, int height, String title, String desc) {
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" role=\"img\" aria-labelledby=\"")
        .append(id)
        .append("-t ")
        .append(id)
        .append("-d\" id=\"")
        .append(id)
        .append("\">\n<title id=\"")
        .append(id)
        .append("-t\">")
        .append(Html.escape(title))
        .append("</title>\n<desc id=\"")
        .append(id)
        .append("-d\">")
        .append(Html.escape(desc))
        .append("</desc>\n");
  }

  static void close(StringBuilder out) {
    out.append("</svg>\n");
  }

  /** A coordinate with at most two decimals, locale-independent, without trailing zeros. */
  static String num(double v) {
    if (!Double.isFinite(v)) {
      return "0";
    }
    long hundredths = Math.round(v * 100);
    if (hundredths % 100 == 0) {
      return Long.toString(hundredths / 100);
    }
    if (Math.abs(hundredths) >= 1_000_000_000_000L) {
      // near 1e13 and beyond, hundredths / 100.0 is far enough from the hundredths for the
      // formatter to print the double's own digits (FormatsTest); 1e10 leaves a wide margin
      String s = String.format(Locale.ROOT, "%.2f", hundredths / 100.0);
      return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
    }
    // what "%.2f" of hundredths / 100.0 writes, without parsing a pattern on each of the report's
    // many coordinates
    long magnitude = Math.abs(hundredths);
    long cents = magnitude % 100;
    StringBuilder out = new StringBuilder(24);
    if (hundredths < 0) {
      out.append('-');
    }
    out.append(magnitude / 100).append('.').append((char) ('0' + cents / 10));
    if (cents % 10 != 0) {
      out.append((char) ('0' + cents % 10));
    }
    return out.toString();
  }

  static void text(StringBuilder out, double x, double y, String anchor, String cls, String s) {
    out.append("<text x=\"")
        .append(num(x))
        .append("\" y=\"")
        .append(num(y))
        .append("\" text-anchor=\"")
        .append(anchor)
        .append('"');
    if (cls != null) {
      out.append(" class=\"").append(cls).append('"');
    }
    out.append('>').append(Html.escape(s)).append("</text>\n");
  }

  static void line(StringBuilder out, double x1, double y1, double x2, double y2, String cls) {
    out.append("<line x1=\"")
        .append(num(x1))
        .append("\" y1=\"")
        .append(num(y1))
        .append("\" x2=\"")
        .append(num(x2))
        .append("\" y2=\"")
        .append(num(y2))
        .append("\" class=\"")
        .append(cls)
        .append("\"/>\n");
  }

  static void rect(
      StringBuilder out, double x, double y, double w, double h, String fill, String tooltip) {
    out.append("<rect x=\"")
        .append(num(x))
        .append("\" y=\"")
        .append(num(y))
        .append("\" width=\"")
        .append(num(Math.max(0, w)))
        .append("\" height=\"")
        .append(num(Math.max(0, h)))
        .append("\" fill=\"")
        .append(fill)
        .append('"');
    if (tooltip != null) {
      out.append("><title>").append(Html.escape(tooltip)).append("</title></rect>\n");
    } else {
      out.append("/>\n");
    }
  }

  /** A horizontal legend starting at (x, y): a swatch and a label per key. */
  static void legend(StringBuilder out, double x, double y, List<Key> keys) {
    out.append("<g class=\"legend\">\n");
    double cursor = x;
    for (Key key : keys) {
      rect(out, cursor, y - 9, 12, 12, key.color(), null);
      text(out, cursor + 16, y + 1, "start", null, key.label());
      cursor += 28 + 6.5 * key.label().length();
    }
    out.append("</g>\n");
  }
}
