package io.mathbeam.core.grading;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clock times: {@code 20:34} = {@code 20:34:00} = {@code 8:34 p.m.}. Only strings that are wholly a
 * time {@code H:MM[:SS]} with an optional a.m./p.m. count; ratios like {@code 3:4} are not times.
 */
final class ClockTime {
  private static final Pattern TIME =
      Pattern.compile("^(\\d{1,2}):(\\d{2})(?::(\\d{2}))?\\s*(?:([AaPp])\\.?\\s*[Mm]\\.?)?$");

  private static final Pattern TEXT = Pattern.compile("\\\\(?:text|mathrm|mbox)\\s*\\{([^{}]*)\\}");

  private ClockTime() {}

  /** When both are clock times, whether they are the same second of the day; else null. */
  static Boolean equal(String a, String b) {
    if (a.indexOf(':') < 0 || b.indexOf(':') < 0) {
      return null;
    }
    int x = secondOfDay(a);
    int y = x < 0 ? -1 : secondOfDay(b);
    return y < 0 ? null : x == y;
  }

  /** Seconds since midnight, or -1 when {@code s} is not a clock time. */
  static int secondOfDay(String s) {
    String plain = s.indexOf('\\') >= 0 ? TEXT.matcher(s).replaceAll("$1") : s;
    Matcher m = TIME.matcher(plain.replace("$", "").trim());
    if (!m.matches()) {
      return -1;
    }
    int hour = Integer.parseInt(m.group(1));
    int minute = Integer.parseInt(m.group(2));
    int second = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
    if (minute > 59 || second > 59 || hour > 24) {
      return -1;
    }
    if (m.group(4) != null) {
      if (hour < 1 || hour > 12) {
        return -1;
      }
      boolean pm = Character.toLowerCase(m.group(4).charAt(0)) == 'p';
      hour = hour % 12 + (pm ? 12 : 0);
    }
    return (hour % 24) * 3600 + minute * 60 + second;
  }
}
