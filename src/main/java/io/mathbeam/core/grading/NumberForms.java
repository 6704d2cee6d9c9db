package io.mathbeam.core.grading;

import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the ways one number is written (thousands separators, decimal commas, leading zeros, mixed
 * numbers, infinity in words) for the normalizer.
 */
final class NumberForms {
  private static final Pattern THOUSANDS = Pattern.compile("^-?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?$");

  /** {@code 1 000 000}, {@code 1\\,000} (after spacing commands became spaces): one number. */
  private static final Pattern SPACED_THOUSANDS =
      Pattern.compile("^-?\\d{1,3}(?:[ \\u2009\\u202f]\\d{3})+(?:\\.\\d+)?$");

  /** {@code 3,75}: one comma and a fractional part that is not three digits. */
  private static final Pattern DECIMAL_COMMA = Pattern.compile("^-?\\d+,(?:\\d{1,2}|\\d{4,})$");

  private static final Pattern LEADING_ZEROS = Pattern.compile("^(-?)0+(?=\\d)(\\d+)$");
  private static final Pattern MIXED_LATEX =
      Pattern.compile("^(-?)(\\d+)\\s*\\\\frac\\{(\\d+)\\}\\{(\\d+)\\}$");
  private static final Pattern MIXED_PLAIN =
      Pattern.compile("^(-?)(\\d+)\\s+(\\d+)\\s*/\\s*(\\d+)$");

  private NumberForms() {}

  /**
   * {@code 1 000 000} and {@code 1\\,000} (spacing already spaces) as one number; else {@code s}.
   */
  static String joinSpacedThousands(String s) {
    String t = s.trim();
    if (SPACED_THOUSANDS.matcher(t).matches()) {
      return t.replace(" ", "").replace("\u2009", "").replace("\u202f", "");
    }
    return s;
  }

  /** {@code 1,234} as {@code 1234} when the whole of {@code s} is digits grouped in threes. */
  static String dropThousandsCommas(String s) {
    return s.indexOf(',') > 0 && THOUSANDS.matcher(s).matches() ? s.replace(",", "") : s;
  }

  /** {@code 025} as {@code 25}. */
  static String dropLeadingZeros(String s) {
    Matcher zeros = LEADING_ZEROS.matcher(s);
    return zeros.matches() ? zeros.group(1) + zeros.group(2) : s;
  }

  /** Whether {@code s} is digits grouped by commas in threes, like {@code 1,234} (no spaces). */
  static boolean isGroupedThousands(String s) {
    return s.indexOf(',') > 0 && THOUSANDS.matcher(s).matches();
  }

  /** Whether {@code s} is a number written with a decimal comma, like {@code 3,75}. */
  static boolean isDecimalComma(String s) {
    return s.indexOf(',') > 0 && DECIMAL_COMMA.matcher(s).matches();
  }

  /** {@code infinity}, {@code -inf} as {@code \\infty}, {@code -\\infty}. */
  static String infinityWord(String s) {
    String lower = s.toLowerCase(Locale.ROOT);
    String sign = lower.startsWith("-") ? "-" : lower.startsWith("+") ? "" : null;
    String word = sign == null ? lower : lower.substring(1);
    if (word.equals("infinity") || word.equals("inf") || word.equals("positive infinity")) {
      return (sign == null ? "" : sign) + "\\infty";
    }
    if (word.equals("negative infinity") || word.equals("minus infinity")) {
      return sign == null ? "-\\infty" : null;
    }
    return s;
  }

  static String mixedNumber(String s) {
    Matcher m = MIXED_LATEX.matcher(s);
    if (!m.matches()) {
      m = MIXED_PLAIN.matcher(s);
      if (!m.matches()) {
        return s;
      }
    }
    BigInteger whole = new BigInteger(m.group(2));
    BigInteger num = new BigInteger(m.group(3));
    BigInteger den = new BigInteger(m.group(4));
    if (den.signum() == 0 || num.compareTo(den) >= 0) {
      return s;
    }
    return m.group(1) + "\\frac{" + whole.multiply(den).add(num) + "}{" + den + "}";
  }
}
