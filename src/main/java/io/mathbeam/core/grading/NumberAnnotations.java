package io.mathbeam.core.grading;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drops what an answer writes after a number to annotate it: text, units, degree marks, percent
 * signs and words, the word naming what is counted.
 */
final class NumberAnnotations {
  private static final Pattern TRAILING_TEXT =
      Pattern.compile(
          "^(.*[\\d})\\]])\\s*\\\\(?:"
              + LatexCommandRewrites.WRAPPERS
              + ")\\s*\\{([^{}\\d]*)\\}(?:\\^\\{?-?[1-3]\\}?)?$");

  /** {@code 7.6Z \\text{ eV}}: a short unit after a variable, as physics answers write it. */
  private static final Pattern TRAILING_UNIT_AFTER_LETTER =
      Pattern.compile(
          "^(.*[\\d][a-zA-Z])\\s*\\\\(?:text|mathrm|mbox)\\s*\\{\\s*([a-zA-Z]{1,4}(?:[\\s/][a-zA-Z]{1,4})?)\\s*\\}"
              + "(?:\\^\\{?-?[1-3]\\}?)?$");

  /**
   * Words in {@code \\text{}} after a number that change its value or say it is a percent ({@code 3
   * \\text{ squared}}, {@code 2 \\text{ million}}, {@code 50 \\text{ percent}}): not annotations.
   */
  private static final Pattern VALUE_WORD =
      Pattern.compile(
          "(?i)\\s*(?:squared|cubed|dozens?|hundreds?|thousands?|millions?|billions?|trillions?"
              + "|factorial|times|halves|half|thirds?|quarters?|[a-z]+ths?|percent|percentage|pct"
              + "|per\\s?cent)\\s*");

  /** {@code 5\\mathrm{i}}: the imaginary unit or e in a wrapper is not an annotation. */
  private static final Pattern CONSTANT_LETTER = Pattern.compile("\\s*[ie]\\s*");

  private static final String UNIT_ALTERNATION = String.join("|", AnswerNormalizer.UNIT_WORDS);
  private static final Pattern SPACED_UNIT =
      Pattern.compile(
          "(?i)(?<=[\\d})])\\s+(?:square\\s+|sq\\.?\\s+|cubic\\s+)?(?:"
              + UNIT_ALTERNATION
              + ")(?:\\s*\\^\\s*\\{?[23]\\}?|\\s+squared|\\s+cubed)?\\.?(?=\\s*(?:,|$))");
  private static final Pattern ATTACHED_UNIT =
      Pattern.compile(
          "(?i)(?<=\\d)(?:"
              + String.join(
                  "|", AnswerNormalizer.UNIT_WORDS.stream().filter(w -> w.length() >= 3).toList())
              + ")(?:\\^\\{?[23]\\}?)?(?=\\s*(?:,|$))");
  private static final Pattern TRIG =
      Pattern.compile("\\\\?(?:sin|cos|tan|sec|csc|cot)(?![a-zA-Z])");
  private static final Pattern DEGREE =
      Pattern.compile("\\s*\\^\\s*\\{?\\s*\\\\circ\\s*\\}?|\\\\circ|\\\\degree");
  private static final Pattern PERCENT =
      Pattern.compile(
          "\\s*\\\\?%|\\s*\\\\percent|(?i)(?<=\\d)\\s*(?:percentage|percent|per\\s?cent|pct)\\b\\.?");
  private static final Pattern PERCENT_WORD =
      Pattern.compile("(?i)(?<=\\d)\\s*(?:percentage|percent|per\\s?cent|pct)\\b|\\\\percent");
  private static final Pattern SCALE_WORD =
      Pattern.compile("^(-?\\d+(?:\\.\\d+)?)\\s*(thousand|million|billion|trillion)$");

  /** {@code 3 bolts}: a number and one plain word naming what is counted. */
  private static final Pattern COUNTED_WORD =
      Pattern.compile("^(-?\\d+(?:\\.\\d+)?)\\s+[a-z]{3,}$");

  /** Words after a number that change its value or join it to more: {@code 3 squared}. */
  private static final Pattern NOT_COUNTED =
      Pattern.compile(
          " (?:and|or|squared|cubed|dozens?|hundreds?|halves|half|thirds?|quarters?|[a-z]+ths?"
              + "|factorial|times|over|plus|minus|less|more|fewer)$");

  private NumberAnnotations() {}

  /**
   * Drops a text annotation after a number ({@code 17\\text{ apples}}), unless it is a constant or
   * changes the value, and a short unit after a variable ({@code 7.6Z \\text{ eV}}).
   */
  static String dropTrailingText(String input) {
    String s = input;
    Matcher trailingText;
    while ((trailingText = TRAILING_TEXT.matcher(s)).matches()
        && !CONSTANT_LETTER.matcher(trailingText.group(2)).matches()
        && !VALUE_WORD.matcher(trailingText.group(2)).matches()) {
      s = trailingText.group(1);
    }
    Matcher unit = TRAILING_UNIT_AFTER_LETTER.matcher(s);
    if (unit.matches()) {
      s = unit.group(1);
    }
    return s;
  }

  /**
   * Drops unit words after numbers and degree marks; the marks stay (for the parser to read as
   * radians) when {@code degreesAsRadians} or the answer has a trigonometric function.
   */
  static String dropUnitsAndDegrees(String input, boolean degreesAsRadians) {
    String s = replace(input, SPACED_UNIT, "");
    s = replace(s, ATTACHED_UNIT, "");
    if (s.contains("circ") || s.contains("degree")) {
      s = replace(s, DEGREE, degreesAsRadians || TRIG.matcher(s).find() ? "^\\\\circ " : "");
    }
    return s;
  }

  /** Drops percent signs and percent words. */
  static String dropPercent(String s) {
    return replace(s, PERCENT, "");
  }

  /** Whether the answer carries a percent sign or a percent word ({@code percent}, {@code pct}). */
  public static boolean hasPercent(String answer) {
    if (answer == null) {
      return false;
    }
    if (answer.indexOf('%') >= 0) {
      return true;
    }
    String lower = answer.toLowerCase(Locale.ROOT);
    return (lower.contains("per") || lower.contains("pct")) && PERCENT_WORD.matcher(answer).find();
  }

  /** {@code 2 million} as {@code 2000000}; {@code 3 bolts} as {@code 3}. */
  static String scaleWords(String s) {
    Matcher scale = SCALE_WORD.matcher(s.trim());
    if (scale.matches()) {
      int zeros =
          switch (scale.group(2)) {
            case "thousand" -> 3;
            case "million" -> 6;
            case "billion" -> 9;
            default -> 12;
          };
      return new java.math.BigDecimal(scale.group(1)).movePointRight(zeros).toPlainString();
    }
    Matcher counted = COUNTED_WORD.matcher(s.trim());
    if (counted.matches() && !NOT_COUNTED.matcher(s.trim()).find()) {
      return counted.group(1);
    }
    return s;
  }

  private static String replace(String s, Pattern pattern, String replacement) {
    return pattern.matcher(s).replaceAll(replacement);
  }
}
