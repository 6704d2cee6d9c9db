package io.mathbeam.core.code;

import io.mathbeam.core.model.CodeOutcome;

/** Bounded, one-glance texts for {@link CodeOutcome#firstFailure()}. */
final class FailureText {
  /** The most characters a failure text keeps. */
  static final int MAX_CHARS = 2048;

  private static final int QUOTED_CHARS = 300;

  private FailureText() {}

  /**
   * The end of a program's stderr, where Python puts the exception and the line that raised it, cut
   * at a line start to at most {@link #MAX_CHARS}.
   */
  static String tail(String text) {
    String t = text == null ? "" : text.strip();
    if (t.length() <= MAX_CHARS) {
      return t;
    }
    String end = t.substring(t.length() - MAX_CHARS);
    int newline = end.indexOf('\n');
    return newline >= 0 && newline < end.length() - 1 ? end.substring(newline + 1) : end;
  }

  /** At most {@link #MAX_CHARS}, cut at the end. */
  static String bounded(String text) {
    return text.length() <= MAX_CHARS ? text : text.substring(0, MAX_CHARS - 3) + "...";
  }

  /** A test's text on one line, in quotes, newlines shown as {@code \n}, long ones shortened. */
  static String quoted(String text) {
    String t = text.length() <= QUOTED_CHARS ? text : text.substring(0, QUOTED_CHARS) + "...";
    return "'" + t.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n") + "'";
  }
}
