package io.mathbeam.core.report.html;

/** Okabe-Ito colours: distinguishable with the common forms of colour blindness. */
final class Palette {
  private Palette() {}

  static final String BLUE = "#0072B2";
  static final String ORANGE = "#E69F00";
  static final String GREEN = "#009E73";
  static final String VERMILLION = "#D55E00";
  static final String PURPLE = "#CC79A7";
  static final String SKY = "#56B4E9";
  static final String GREY = "#666666";

  static final String[] SERIES = {BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY};
}
