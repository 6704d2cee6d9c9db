package io.mathbeam.core.report.html;

import java.util.Locale;

/** Locale-independent number formats shared by the tables and the charts. */
final class Formats {
  private Formats() {}

  /** 0.4333 as "43.3%"; NaN as "n/a". */
  static String percent(double fraction) {
    if (!Double.isFinite(fraction)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  /** "43.3% [38.1, 48.0]", or "43.3%" when the estimate has no interval. */
  static String estimate(Estimate e) {
    if (e == null) {
      return "n/a";
    }
    String point = percent(e.value());
    if (!Double.isFinite(e.value()) || !e.hasInterval()) {
      return point;
    }
    return point + String.format(Locale.ROOT, " [%.1f, %.1f]", 100 * e.lower(), 100 * e.upper());
  }

  /** An integer-valued count or tick: 1234 as "1,234"; others with up to two decimals. */
  static String number(double v) {
    if (!Double.isFinite(v)) {
      return "n/a";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return grouped((long) v);
    }
    return Svg.num(v);
  }

  /**
   * {@code v} with a comma between groups of three digits, as {@code String.format(Locale.ROOT,
   * "%,d", v)} writes it. The report formats a count per embedded sample, and {@code String.format}
   * parses its pattern on every call: on a large run that took from 0.3 s to 2 s of the report
   * (docs/runners.md).
   */
  static String grouped(long v) {
    String digits = Long.toString(v);
    int start = v < 0 ? 1 : 0;
    int length = digits.length() - start;
    if (length <= 3) {
      return digits;
    }
    StringBuilder out = new StringBuilder(digits.length() + (length - 1) / 3);
    out.append(digits, 0, start);
    int head = length % 3 == 0 ? 3 : length % 3;
    out.append(digits, start, start + head);
    for (int i = start + head; i < digits.length(); i += 3) {
      out.append(',').append(digits, i, i + 3);
    }
    return out.toString();
  }

  /** Milliseconds with one decimal below 100 ms, whole above. */
  static String millis(double ms) {
    if (!Double.isFinite(ms)) {
      return "n/a";
    }
    return ms < 100
        ? String.format(Locale.ROOT, "%.1f ms", ms)
        : String.format(Locale.ROOT, "%,.0f ms", ms);
  }
}
