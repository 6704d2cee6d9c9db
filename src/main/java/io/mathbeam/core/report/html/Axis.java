package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.List;

/** A chart axis: a domain, a linear or base-2 logarithmic scale, and its tick values. */
final class Axis {
  private final double min;
  private final double max;
  private final boolean log2;
  private final List<Double> ticks;

  private Axis(double min, double max, boolean log2, List<Double> ticks) {
    this.min = min;
    this.max = max;
    this.log2 = log2;
    this.ticks = List.copyOf(ticks);
  }

  /**
   * A linear axis covering [lo, hi] whose ends and ticks are "nice" (1, 2, 2.5 or 5 times a power
   * of ten), with about {@code targetTicks} ticks. With {@code integerSteps} the step is at least
   * 1.
   */
  static Axis linear(double lo, double hi, int targetTicks, boolean integerSteps) {
    if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
      lo = 0;
      hi = 1;
    }
    if (hi < lo) {
      double t = lo;
      lo = hi;
      hi = t;
    }
    if (hi == lo) {
      hi = lo == 0 ? 1 : lo + Math.abs(lo);
    }
    double step = niceStep((hi - lo) / Math.max(1, targetTicks - 1));
    if (integerSteps) {
      step = Math.max(1, Math.round(step));
    }
    double start = Math.floor(lo / step + 1e-9) * step;
    double end = Math.ceil(hi / step - 1e-9) * step;
    List<Double> ticks = new ArrayList<>();
    long n = Math.round((end - start) / step);
    for (long i = 0; i <= n; i++) {
      ticks.add(clean(start + i * step));
    }
    return new Axis(start, end, false, ticks);
  }

  /** A linear axis with exactly the given domain and ticks. */
  static Axis fixed(double min, double max, List<Double> ticks) {
    return new Axis(min, max, false, ticks);
  }

  /** A base-2 logarithmic axis over [lo, hi] (lo >= 1) with ticks at powers of two and at hi. */
  static Axis log2(double lo, double hi) {
    lo = Math.max(1, lo);
    hi = Math.max(lo, hi);
    List<Double> ticks = new ArrayList<>();
    for (double p = 1; p <= hi; p *= 2) {
      if (p >= lo) {
        ticks.add(p);
      }
    }
    if (ticks.isEmpty() || ticks.get(ticks.size() - 1) != hi) {
      ticks.add(hi);
    }
    return new Axis(lo, hi, true, ticks);
  }

  /** Where {@code v} falls on the axis: 0 at the start, 1 at the end (clamped). */
  double fraction(double v) {
    double f;
    if (log2) {
      double span = Math.log(max) - Math.log(min);
      f = span == 0 ? 0.5 : (Math.log(Math.max(v, min)) - Math.log(min)) / span;
    } else {
      f = max == min ? 0.5 : (v - min) / (max - min);
    }
    return Math.max(0, Math.min(1, f));
  }

  double min() {
    return min;
  }

  double max() {
    return max;
  }

  boolean isLog2() {
    return log2;
  }

  List<Double> ticks() {
    return ticks;
  }

  static double niceStep(double raw) {
    if (!(raw > 0) || !Double.isFinite(raw)) {
      return 1;
    }
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double f = raw / magnitude;
    double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
    return nice * magnitude;
  }

  // Removes floating-point dust such as 0.30000000000000004 so tick labels stay exact.
  private static double clean(double v) {
    double r = Math.round(v * 1e9) / 1e9;
    return r == 0 ? 0 : r;
  }
}
