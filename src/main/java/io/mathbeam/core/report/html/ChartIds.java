package io.mathbeam.core.report.html;

/** Hands out the page-unique, deterministic ids of the charts and counts them. */
final class ChartIds {
  private int count;

  String next() {
    return "chart-" + (++count);
  }

  int count() {
    return count;
  }
}
