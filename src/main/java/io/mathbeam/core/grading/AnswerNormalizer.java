package io.mathbeam.core.grading;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites an answer string into a canonical LaTeX-ish form before string comparison and parsing.
 *
 * <p>What it does, in order: repairs control characters from bad JSON escapes ({@code \t}rac) and
 * double-escaped LaTeX ({@code \\frac}); maps Unicode math symbols to LaTeX; drops a whole-answer
 * {@code \boxed{}}, {@code $}, {@code \$}, {@code \left}/{@code \right}, spacing commands ({@code
 * \! \, \; \: \quad}); {@code \dfrac}/{@code \tfrac} become {@code \frac}; an {@code \approx ...}
 * tail is dropped; a trailing text annotation after a number ({@code 17\text{ any text}}, {@code
 * 5.4\text{ cents}}) is dropped and other {@code \text{}}, {@code \mathrm{}}, {@code \mbox{}},
 * {@code \textbf{}} wrappers are unwrapped; unit words after a number are dropped (see {@link
 * #UNIT_WORDS}: with a space before them, or attached when three letters or longer, so {@code 10cm}
 * stays {@code 10·c·m}, {@code 6m} stays a product); degree marks are dropped unless the answer has
 * a trigonometric function (then the parser turns them into radians); percent signs are dropped
 * (the {@link Grader} applies the percent policy using {@link #hasPercent}); thousands separators
 * are removed when the whole answer is one number like {@code 1,000} or {@code 11,\!111}; a leading
 * {@code x \in} goes; {@code (B)} becomes {@code B} and a label before an answer goes ({@code (C)
 * 12} is {@code 12}); integer leading zeros go ({@code 025} is {@code 25}); mixed numbers {@code
 * 2\frac{1}{2}} and {@code 1 1/2} become a single fraction; spaces next to punctuation are removed.
 *
 * <p>This class orders the steps; {@link EncodingRepairs}, {@link LatexCommandRewrites}, {@link
 * NotationRewrites}, {@link NumberAnnotations} and {@link NumberForms} carry them out.
 */
public final class AnswerNormalizer {
  /**
   * Unit words dropped after a number. Single letters (m, g, s) are not units: they are variables.
   */
  public static final List<String> UNIT_WORDS =
      List.of(
          "units",
          "unit",
          "cm",
          "mm",
          "km",
          "meters",
          "meter",
          "metres",
          "metre",
          "centimeters",
          "centimeter",
          "millimeters",
          "kilometers",
          "inches",
          "inch",
          "feet",
          "foot",
          "ft",
          "yards",
          "yard",
          "miles",
          "mile",
          "mph",
          "kg",
          "kilograms",
          "grams",
          "gram",
          "pounds",
          "lbs",
          "ounces",
          "liters",
          "litres",
          "liter",
          "ml",
          "gallons",
          "cents",
          "cent",
          "dollars",
          "dollar",
          "euros",
          "euro",
          "usd",
          "eur",
          "yuan",
          "rupees",
          "degrees",
          "degree",
          "radians",
          "seconds",
          "minutes",
          "minute",
          "hours",
          "hour",
          "days",
          "day",
          "weeks",
          "week",
          "months",
          "month",
          "years",
          "year",
          "people",
          "students",
          "ways",
          "times",
          "cookies",
          "apples",
          "marbles",
          "eggs");

  private static final Pattern NOT_EQUAL = Pattern.compile("!=|\\\\not\\s*=");
  private static final Pattern LEADING_ELEMENT =
      Pattern.compile("^(?:[a-zA-Z]|\\\\[a-zA-Z]+)(?:_\\{?\\w+\\}?)?\\s*\\\\in\\s*");
  private static final Pattern CHOICE_LABEL = Pattern.compile("^\\([A-E]\\)\\s*(?=\\S)");
  private static final Pattern CHOICE = Pattern.compile("^\\(([A-Z])\\)$");
  private static final Pattern AND = Pattern.compile("\\s*,?\\s*\\b(?:and|or)\\b\\s*");
  private static final Pattern PUNCT_SPACE =
      Pattern.compile("\\s+(?=[^A-Za-z0-9])|(?<=[^A-Za-z0-9])\\s+");

  /** {@code np.arcsin(x)}, {@code math.sqrt(2)}: answers written as Python. */
  private static final Pattern LIBRARY_PREFIX =
      Pattern.compile("(?<![A-Za-z0-9_.])(?:np|numpy|math|sympy|sp)\\.(?=[a-z]+\\()");

  private static final Pattern BRACE_SPACE_BRACE = Pattern.compile("\\}\\s+\\{");
  private static final Pattern EMPTY_ITEM = Pattern.compile(",\\s*,");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Pattern INEQUALITY = Pattern.compile("[<>]|\\\\[lg]e(?![a-zA-Z])");
  private static final Pattern AND_BETWEEN = Pattern.compile("\\s*,?\\s*\\band\\b\\s*");

  private static final Pattern AND_WORD = Pattern.compile("\\b(?:and|or)\\b");
  private static final Pattern DIGIT = Pattern.compile("\\d");

  private AnswerNormalizer() {}

  /** The canonical form of {@code answer}; null stays null. */
  public static String normalize(String answer) {
    return normalize(answer, false);
  }

  /** Whether the answer marks degrees ({@code 45^\\circ}, {@code 45°}, {@code 45 degrees}). */
  static boolean hasDegreeMark(String answer) {
    return answer != null
        && (answer.contains("circ") || answer.contains("degree") || answer.indexOf('\u00b0') >= 0);
  }

  /** The canonical form with degree marks kept, so the parser reads them as radians. */
  static String normalizeInRadians(String answer) {
    return normalize(answer, true);
  }

  private static String normalize(String answer, boolean degreesAsRadians) {
    if (answer == null) {
      return null;
    }
    // Every step is guarded by a cheap test, so plain answers skip the regular expressions.
    String s = EncodingRepairs.repair(answer).trim();
    if (s.contains("{,}")) {
      s = s.replace("{,}", ",");
    }
    if (s.indexOf('!') >= 0 && s.indexOf('=') > 0) {
      s = replace(s, NOT_EQUAL, "\\\\ne ");
    }
    boolean latex = s.indexOf('\\') >= 0;
    if (latex) {
      s = LatexCommandRewrites.unwrapWhole(s, "\\boxed");
      s = LatexCommandRewrites.unwrapWhole(s, "\\fbox");
    }
    if (s.indexOf('$') >= 0) {
      s = s.replace("\\$", " ").replace("$", " ");
    }
    if (latex) {
      s = NotationRewrites.latex(LatexCommandRewrites.rewrite(s));
    } else if (s.indexOf('~') >= 0) {
      s = s.replace('~', ' ');
    }
    s = stripTrailing(s);
    if (latex && s.indexOf('{') >= 0) {
      s = LatexCommandRewrites.unwrapAll(NumberAnnotations.dropTrailingText(s));
    }
    boolean letters = hasAsciiLetter(s);
    if (letters && s.indexOf('.') > 0) {
      s = replace(s, LIBRARY_PREFIX, "");
    }
    if (letters) {
      s = NumberAnnotations.dropUnitsAndDegrees(s, degreesAsRadians);
    }
    if (s.indexOf('%') >= 0 || letters && (s.contains("per") || s.contains("pct"))) {
      s = NumberAnnotations.dropPercent(s);
    }
    if (s.indexOf('\\') >= 0) {
      s = LatexCommandRewrites.braceArguments(s);
      s = LEADING_ELEMENT.matcher(s.trim()).replaceFirst("");
    }
    if (s.indexOf('}') >= 0) {
      s = replace(s, BRACE_SPACE_BRACE, "}{");
    }
    if (s.indexOf(' ') > 0 || s.indexOf('\u2009') > 0 || s.indexOf('\u202f') > 0) {
      s = NumberForms.joinSpacedThousands(s);
    }
    if (letters
        && (s.contains("and") || s.contains("or"))
        && DIGIT.matcher(s).find()
        && AND_WORD.matcher(s).find()) {
      if (s.contains("and") && INEQUALITY.matcher(s).find()) {
        // x \ge -2 and x \le 7 is one interval; "or" stays a list of alternatives.
        s = replace(s, AND_BETWEEN, " \\\\land ");
      }
      s = replace(replace(s, AND, ", "), EMPTY_ITEM, ",");
    }
    if (letters && s.length() < 60) {
      s = NumberAnnotations.scaleWords(s);
    }
    s = stripTrailing(hasWhitespace(s) ? replace(s, WHITESPACE, " ") : s);
    if (s.startsWith(",")) {
      s = s.substring(1).trim();
    }
    s = NumberForms.dropThousandsCommas(s);
    if (s.indexOf(' ') >= 0) {
      s = replace(s, PUNCT_SPACE, "");
    }
    s = NotationRewrites.plain(s);
    if (letters && s.length() <= 17) {
      String infinity = NumberForms.infinityWord(s);
      s = infinity == null ? s : infinity;
    }
    if (s.startsWith("(")) {
      s = CHOICE_LABEL.matcher(s).replaceFirst("");
      Matcher choice = CHOICE.matcher(s);
      if (choice.matches()) {
        s = choice.group(1);
      }
    }
    if (s.startsWith("0") || s.startsWith("-0")) {
      s = NumberForms.dropLeadingZeros(s);
    }
    return s.contains("\\frac") || s.indexOf('/') > 0 ? NumberForms.mixedNumber(s) : s;
  }

  private static boolean hasAsciiLetter(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
        return true;
      }
    }
    return false;
  }

  private static boolean hasWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isWhitespace(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code s} is digits grouped by commas in threes, like {@code 1,234} (no spaces). */
  static boolean isGroupedThousands(String s) {
    return NumberForms.isGroupedThousands(s);
  }

  /** Whether the answer carries a percent sign or a percent word ({@code percent}, {@code pct}). */
  public static boolean hasPercent(String answer) {
    return NumberAnnotations.hasPercent(answer);
  }

  /** Whether {@code s} is a number written with a decimal comma, like {@code 3,75}. */
  static boolean isDecimalComma(String s) {
    return NumberForms.isDecimalComma(s);
  }

  private static String replace(String s, Pattern pattern, String replacement) {
    return pattern.matcher(s).replaceAll(replacement);
  }

  private static String stripTrailing(String s) {
    String out = s.trim();
    while (!out.isEmpty() && (out.endsWith(".") || out.endsWith("\\"))) {
      out = out.substring(0, out.length() - 1).trim();
    }
    return out;
  }
}
