package io.mathbeam.core.grading;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites an answer's LaTeX commands into the one spelling the parser reads: sizing, spacing and
 * style wrappers dropped, variants of fractions and relations merged, braces put around arguments.
 */
final class LatexCommandRewrites {
  static final String WRAPPERS =
      "text|textbf|textit|textrm|texttt|textnormal|textup|textsf|textsl|emph|mathrm|mathbf"
          + "|mathit|mathsf|mathtt|mathnormal|mbox|boldsymbol|operatorname|hbox";

  private static final Pattern SIZING =
      Pattern.compile(
          "\\\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|big|Big|bigg|Bigg)"
              + "(?![a-zA-Z])\\.?");
  private static final Pattern SPACING = Pattern.compile("\\\\[!,;:>]|\\\\q?quad(?![a-zA-Z])|~");
  private static final Pattern WRAPPER = Pattern.compile("\\\\(?:" + WRAPPERS + ")\\s*\\{");
  private static final Pattern EMPTY_SET =
      Pattern.compile(
          "\\\\(?:varnothing|emptyset)(?![a-zA-Z])|\\\\\\{\\s*\\\\\\}|\\\\o(?![a-zA-Z])");
  private static final Pattern LEADING_APPROX =
      Pattern.compile("^(?:\\\\approx|\\\\sim|\\\\simeq)\\s*");
  private static final Pattern THOUSANDS_SPACING = Pattern.compile(",\\\\!\\s*");
  private static final Pattern ESCAPED_SPACE = Pattern.compile("(?<!\\\\)\\\\ ");
  private static final Pattern LEQ = Pattern.compile("\\\\(?:leqslant|leq)(?![a-zA-Z])");
  private static final Pattern GEQ = Pattern.compile("\\\\(?:geqslant|geq)(?![a-zA-Z])");
  private static final Pattern NEQ = Pattern.compile("\\\\(?:neq)(?![a-zA-Z])");
  private static final Pattern COMMAND_SPACE_BRACE = Pattern.compile("(\\\\[a-zA-Z]+)\\s+\\{");
  private static final Pattern FRAC_TWO_DIGITS = Pattern.compile("\\\\frac\\s*(\\d)\\s*(\\d)");
  private static final Pattern FRAC_DIGIT_BRACE = Pattern.compile("\\\\frac\\s*(\\d)\\s*\\{");
  private static final Pattern FRAC_BRACE_DIGIT =
      Pattern.compile("\\\\frac\\{([^{}]*)\\}\\s*(\\d)");
  private static final Pattern SQRT_DIGIT = Pattern.compile("\\\\sqrt\\s*(\\d)");
  private static final Pattern DIGIT = Pattern.compile("\\d");

  private LatexCommandRewrites() {}

  /** The steps that only apply to LaTeX commands. */
  static String rewrite(String input) {
    String s = input;
    if (s.contains("\\left")
        || s.contains("\\right")
        || s.contains("\\big")
        || s.contains("\\Big")) {
      s = replace(s, SIZING, "");
    }
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\cfrac", "\\frac");
    s = s.replace("\\dbinom", "\\binom").replace("\\tbinom", "\\binom");
    s = s.replace("\\displaystyle", " ").replace("{,}", ",");
    if (s.contains(",\\!")) {
      s = replace(s, THOUSANDS_SPACING, ",");
    }
    s = replace(s, SPACING, " ");
    if (s.contains("\\ ")) {
      s = replace(s, ESCAPED_SPACE, " ");
    }
    s = LEADING_APPROX.matcher(s.trim()).replaceFirst("");
    int approx = s.indexOf("\\approx");
    if (approx > 0) {
      s = approximationTail(s, approx);
    }
    if (s.contains("\\varnothing")
        || s.contains("\\emptyset")
        || s.contains("\\{")
        || s.contains("\\o")) {
      s = replace(s, EMPTY_SET, "\\\\emptyset ");
    }
    if (s.contains("\\leq")) {
      s = replace(s, LEQ, "\\\\le ");
    }
    if (s.contains("\\geq")) {
      s = replace(s, GEQ, "\\\\ge ");
    }
    if (s.contains("\\neq")) {
      s = replace(s, NEQ, "\\\\ne ");
    }
    if (s.contains("\\equiv")) {
      // f(x) \\equiv 1: identically equal, an equation like any other.
      s = s.replace("\\equiv", "=");
    }
    if (s.contains("\\prime")) {
      s = s.replace("^{\\prime}", "'").replace("^\\prime", "'");
    }
    return s;
  }

  /**
   * Braces around the one-digit arguments of {@code \\frac} and {@code \\sqrt} ({@code \\frac12}).
   */
  static String braceArguments(String input) {
    String s = replace(input, COMMAND_SPACE_BRACE, "$1{");
    if (s.contains("\\frac")) {
      s = replace(s, FRAC_TWO_DIGITS, "\\\\frac{$1}{$2}");
      s = replace(s, FRAC_DIGIT_BRACE, "\\\\frac{$1}{");
      s = replace(s, FRAC_BRACE_DIGIT, "\\\\frac{$1}{$2}");
    }
    if (s.contains("\\sqrt")) {
      s = replace(s, SQRT_DIGIT, "\\\\sqrt{$1}");
    }
    return s;
  }

  /**
   * {@code x \\approx 3.14} keeps {@code 3.14} (the left side only names the value); {@code 2\\pi
   * \\approx 6.28} keeps the exact {@code 2\\pi}.
   */
  private static String approximationTail(String s, int approx) {
    String left = s.substring(0, approx).trim();
    String right = s.substring(approx + "\\approx".length());
    if (!left.isEmpty()
        && !DIGIT.matcher(left).find()
        && left.indexOf('=') < 0
        && !right.isBlank()) {
      return right;
    }
    return left;
  }

  /** Removes {@code command{...}} when it wraps the whole string. */
  static String unwrapWhole(String s, String command) {
    String out = s;
    while (out.startsWith(command)) {
      int open = out.indexOf('{', command.length());
      if (open < 0 || !out.substring(command.length(), open).isBlank()) {
        break;
      }
      int close = Braces.matching(out, open);
      if (close != out.length() - 1) {
        break;
      }
      out = out.substring(open + 1, close).trim();
    }
    return out;
  }

  static String unwrapAll(String s) {
    String out = s;
    Matcher m;
    while ((m = WRAPPER.matcher(out)).find()) {
      int open = m.end() - 1;
      int close = Braces.matching(out, open);
      if (close < 0) {
        out = out.substring(0, m.start()) + out.substring(m.end());
        continue;
      }
      out =
          out.substring(0, m.start())
              + " "
              + out.substring(open + 1, close)
              + " "
              + out.substring(close + 1);
    }
    return out.trim();
  }

  private static String replace(String s, Pattern pattern, String replacement) {
    return pattern.matcher(s).replaceAll(replacement);
  }
}
