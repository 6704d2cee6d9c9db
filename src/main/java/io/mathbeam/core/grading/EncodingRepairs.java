package io.mathbeam.core.grading;

import java.util.regex.Pattern;

/** Repairs what bad JSON escapes, double escaping and Unicode symbols did to an answer's LaTeX. */
final class EncodingRepairs {
  private static final Pattern CONTROL_ESCAPE =
      Pattern.compile("[\\t\\x08\\x0B\\x0C\\r\\x07](?=[a-zA-Z])");

  /**
   * A matrix opened with one backslash: its {@code \\\\} are row separators, not a double escape
   * ({@code 4\\\\\\end{pmatrix}} has a trailing row break).
   */
  private static final Pattern SINGLE_BACKSLASH = Pattern.compile("(?<!\\\\)\\\\begin\\{");

  private static final Pattern DOUBLE_ESCAPED =
      Pattern.compile(
          "\\\\\\\\(?:frac|dfrac|tfrac|sqrt|begin|end|text|mathrm|pi|left|right|cdot|times|boxed"
              + "|infty|pm|sin|cos|tan|ln|log)");

  private EncodingRepairs() {}

  /**
   * {@code s} with control characters from bad escapes named again ({@code \t}rac), double
   * backslashes of double-escaped LaTeX halved and Unicode math symbols written as LaTeX.
   */
  static String repair(String s) {
    if (hasControl(s)) {
      s = CONTROL_ESCAPE.matcher(s).replaceAll(m -> controlName(m.group().charAt(0)));
    }
    if (s.contains("\\\\")
        && DOUBLE_ESCAPED.matcher(s).find()
        && !SINGLE_BACKSLASH.matcher(s).find()) {
      s = s.replace("\\\\", "\\");
    }
    if (hasNonAscii(s)) {
      s = replaceUnicode(s);
    }
    return s;
  }

  private static boolean hasControl(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 && c != '\n' && c != ' ') {
        return true;
      }
    }
    return false;
  }

  private static boolean hasNonAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 127) {
        return true;
      }
    }
    return false;
  }

  private static String controlName(char c) {
    return switch (c) {
      case '\t' -> "\\\\t";
      case '\b' -> "\\\\b";
      case '\u000B' -> "\\\\v";
      case '\f' -> "\\\\f";
      case '\r' -> "\\\\r";
      default -> "\\\\a";
    };
  }

  private static String replaceUnicode(String s) {
    return s.replace('\u2212', '-')
        .replace('\u2013', '-')
        .replace("\u00d7", "\\times ")
        .replace("\u00b7", "\\cdot ")
        .replace("\u22c5", "\\cdot ")
        .replace("\u00f7", "\\div ")
        .replace("\u03c0", "\\pi ")
        .replace("\u221e", "\\infty ")
        .replace("\u221a", "\\sqrt")
        .replace("\u2264", "\\le ")
        .replace("\u2265", "\\ge ")
        .replace("\u2260", "\\ne ")
        .replace("\u00b1", "\\pm ")
        .replace("\u00b0", "^\\circ ")
        .replace('\uff0c', ',')
        .replace("\u2248", "\\approx ")
        .replace("\u2205", "\\emptyset ")
        .replace("\u20ac", " ")
        .replace("\u00a3", " ")
        .replace("\u00a5", " ")
        .replace("\u20b9", " ")
        .replace('\u2009', ' ')
        .replace("\u2a7d", "\\le ")
        .replace("\u2a7e", "\\ge ")
        .replace('\u202f', ' ')
        .replace('\u00a0', ' ');
  }
}
