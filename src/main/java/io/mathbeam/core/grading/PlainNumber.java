package io.mathbeam.core.grading;

/** Recognises plain numbers ({@code -12}, {@code 0.5}, {@code .25}) without a regex. */
final class PlainNumber {
  private PlainNumber() {}

  /** Whether {@code s} is an optional minus sign, digits and at most one decimal point. */
  static boolean is(String s) {
    int n = s.length();
    int i = n > 0 && s.charAt(0) == '-' ? 1 : 0;
    boolean digit = false;
    boolean point = false;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9') {
        digit = true;
      } else if (c == '.' && !point) {
        point = true;
      } else {
        return false;
      }
    }
    return digit;
  }
}
