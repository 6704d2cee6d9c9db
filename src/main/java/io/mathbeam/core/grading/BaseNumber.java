package io.mathbeam.core.grading;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Numbers written with a base subscript: {@code 1010_2}, {@code 4210_{7}}, {@code 1A_{16}} (the
 * digits start with 0-9, so {@code a_{12}} stays a variable). The subscript may be left out by the
 * other side: {@code 1010_2} = {@code 1010}, but {@code 1010_2} is neither {@code 10} nor {@code
 * 1010_3}.
 */
final class BaseNumber {
  private static final Pattern BASED = Pattern.compile("^([0-9][0-9A-Za-z]*)_\\{?(\\d{1,2})\\}?$");
  private static final Pattern DIGITS = Pattern.compile("^[0-9][0-9A-Z]*$");

  private BaseNumber() {}

  /** True or false when at least one side has a base subscript; null otherwise. */
  static Boolean equal(String a, String b) {
    if (a.indexOf('_') < 0 && b.indexOf('_') < 0) {
      return null;
    }
    String[] x = split(a);
    String[] y = split(b);
    if (x == null && y == null || x == null && !isDigits(a) || y == null && !isDigits(b)) {
      return null;
    }
    String digitsA = x == null ? a.toUpperCase(Locale.ROOT) : x[0];
    String digitsB = y == null ? b.toUpperCase(Locale.ROOT) : y[0];
    if (x != null && y != null && !x[1].equals(y[1])) {
      return false;
    }
    return digitsA.replaceFirst("^0+(?=.)", "").equals(digitsB.replaceFirst("^0+(?=.)", ""));
  }

  private static boolean isDigits(String s) {
    return DIGITS.matcher(s.toUpperCase(Locale.ROOT)).matches();
  }

  /** {digits, base} when {@code s} is a valid number in its subscript base, else null. */
  private static String[] split(String s) {
    Matcher m = BASED.matcher(s);
    if (!m.matches()) {
      return null;
    }
    int base = Integer.parseInt(m.group(2));
    String digits = m.group(1).toUpperCase(Locale.ROOT);
    if (base < 2 || base > 36) {
      return null;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (Character.digit(digits.charAt(i), base) < 0) {
        return null;
      }
    }
    return new String[] {digits, Integer.toString(base)};
  }
}
