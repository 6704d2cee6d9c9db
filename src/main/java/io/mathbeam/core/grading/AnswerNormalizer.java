package io.mathbeam.core.grading;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
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
  private static final Pattern SIZING =
      Pattern.compile(
          "\\\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|big|Big|bigg|Bigg)"
              + "(?![a-zA-Z])\\.?");
  private static final Pattern SPACING = Pattern.compile("\\\\[!,;:>]|\\\\q?quad(?![a-zA-Z])|~");
  private static final String WRAPPERS =
      "text|textbf|textit|textrm|texttt|textnormal|textup|textsf|textsl|emph|mathrm|mathbf"
          + "|mathit|mathsf|mathtt|mathnormal|mbox|boldsymbol|operatorname|hbox";
  private static final Pattern TRAILING_TEXT =
      Pattern.compile(
          "^(.*[\\d})\\]])\\s*\\\\(?:"
              + WRAPPERS
              + ")\\s*\\{([^{}\\d]*)\\}(?:\\^\\{?-?[1-3]\\}?)?$");

  /** {@code 7.6Z \\text{ eV}}: a short unit after a variable, as physics answers write it. */
  private static final Pattern TRAILING_UNIT_AFTER_LETTER =
      Pattern.compile(
          "^(.*[\\d][a-zA-Z])\\s*\\\\(?:text|mathrm|mbox)\\s*\\{\\s*([a-zA-Z]{1,4}(?:[\\s/][a-zA-Z]{1,4})?)\\s*\\}"
              + "(?:\\^\\{?-?[1-3]\\}?)?$");

  /** {@code 5\\mathrm{i}}: the imaginary unit or e in a wrapper is not an annotation. */
  /**
   * Words in {@code \\text{}} after a number that change its value or say it is a percent ({@code 3
   * \\text{ squared}}, {@code 2 \\text{ million}}, {@code 50 \\text{ percent}}): not annotations.
   */
  private static final Pattern VALUE_WORD =
      Pattern.compile(
          "(?i)\\s*(?:squared|cubed|dozens?|hundreds?|thousands?|millions?|billions?|trillions?"
              + "|factorial|times|halves|half|thirds?|quarters?|[a-z]+ths?|percent|percentage|pct"
              + "|per\\s?cent)\\s*");

  private static final Pattern CONSTANT_LETTER = Pattern.compile("\\s*[ie]\\s*");

  private static final Pattern WRAPPER = Pattern.compile("\\\\(?:" + WRAPPERS + ")\\s*\\{");
  private static final String UNIT_ALTERNATION = String.join("|", UNIT_WORDS);
  private static final Pattern SPACED_UNIT =
      Pattern.compile(
          "(?i)(?<=[\\d})])\\s+(?:square\\s+|sq\\.?\\s+|cubic\\s+)?(?:"
              + UNIT_ALTERNATION
              + ")(?:\\s*\\^\\s*\\{?[23]\\}?|\\s+squared|\\s+cubed)?\\.?(?=\\s*(?:,|$))");
  private static final Pattern ATTACHED_UNIT =
      Pattern.compile(
          "(?i)(?<=\\d)(?:"
              + String.join("|", UNIT_WORDS.stream().filter(w -> w.length() >= 3).toList())
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
  private static final Pattern THOUSANDS = Pattern.compile("^-?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?$");

  /** {@code 1 000 000}, {@code 1\\,000} (after spacing commands became spaces): one number. */
  private static final Pattern SPACED_THOUSANDS =
      Pattern.compile("^-?\\d{1,3}(?:[ \\u2009\\u202f]\\d{3})+(?:\\.\\d+)?$");

  /** {@code 3,75}: one comma and a fractional part that is not three digits. */
  private static final Pattern DECIMAL_COMMA = Pattern.compile("^-?\\d+,(?:\\d{1,2}|\\d{4,})$");

  private static final Pattern NOT_EQUAL = Pattern.compile("!=|\\\\not\\s*=");
  private static final Pattern EMPTY_SET =
      Pattern.compile(
          "\\\\(?:varnothing|emptyset)(?![a-zA-Z])|\\\\\\{\\s*\\\\\\}|\\\\o(?![a-zA-Z])");
  private static final Pattern LEADING_APPROX =
      Pattern.compile("^(?:\\\\approx|\\\\sim|\\\\simeq)\\s*");
  private static final Pattern LEADING_ELEMENT =
      Pattern.compile("^(?:[a-zA-Z]|\\\\[a-zA-Z]+)(?:_\\{?\\w+\\}?)?\\s*\\\\in\\s*");
  private static final Pattern CHOICE_LABEL = Pattern.compile("^\\([A-E]\\)\\s*(?=\\S)");
  private static final Pattern CHOICE = Pattern.compile("^\\(([A-Z])\\)$");
  private static final Pattern LEADING_ZEROS = Pattern.compile("^(-?)0+(?=\\d)(\\d+)$");
  private static final Pattern MIXED_LATEX =
      Pattern.compile("^(-?)(\\d+)\\s*\\\\frac\\{(\\d+)\\}\\{(\\d+)\\}$");
  private static final Pattern MIXED_PLAIN =
      Pattern.compile("^(-?)(\\d+)\\s+(\\d+)\\s*/\\s*(\\d+)$");
  private static final Pattern AND = Pattern.compile("\\s*,?\\s*\\b(?:and|or)\\b\\s*");
  private static final Pattern PUNCT_SPACE =
      Pattern.compile("\\s+(?=[^A-Za-z0-9])|(?<=[^A-Za-z0-9])\\s+");

  /** {@code np.arcsin(x)}, {@code math.sqrt(2)}: answers written as Python. */
  private static final Pattern LIBRARY_PREFIX =
      Pattern.compile("(?<![A-Za-z0-9_.])(?:np|numpy|math|sympy|sp)\\.(?=[a-z]+\\()");

  private static final Pattern THOUSANDS_SPACING = Pattern.compile(",\\\\!\\s*");
  private static final Pattern ESCAPED_SPACE = Pattern.compile("(?<!\\\\)\\\\ ");
  private static final Pattern LEQ = Pattern.compile("\\\\(?:leqslant|leq)(?![a-zA-Z])");
  private static final Pattern GEQ = Pattern.compile("\\\\(?:geqslant|geq)(?![a-zA-Z])");
  private static final Pattern NEQ = Pattern.compile("\\\\(?:neq)(?![a-zA-Z])");
  private static final Pattern COMMAND_SPACE_BRACE = Pattern.compile("(\\\\[a-zA-Z]+)\\s+\\{");
  private static final Pattern BRACE_SPACE_BRACE = Pattern.compile("\\}\\s+\\{");
  private static final Pattern FRAC_TWO_DIGITS = Pattern.compile("\\\\frac\\s*(\\d)\\s*(\\d)");
  private static final Pattern FRAC_DIGIT_BRACE = Pattern.compile("\\\\frac\\s*(\\d)\\s*\\{");
  private static final Pattern FRAC_BRACE_DIGIT =
      Pattern.compile("\\\\frac\\{([^{}]*)\\}\\s*(\\d)");
  private static final Pattern SQRT_DIGIT = Pattern.compile("\\\\sqrt\\s*(\\d)");
  private static final Pattern EMPTY_ITEM = Pattern.compile(",\\s*,");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Pattern INEQUALITY = Pattern.compile("[<>]|\\\\[lg]e(?![a-zA-Z])");
  private static final Pattern AND_BETWEEN = Pattern.compile("\\s*,?\\s*\\band\\b\\s*");
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
    String s = answer;
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
    s = s.trim();
    if (s.contains("{,}")) {
      s = s.replace("{,}", ",");
    }
    if (s.indexOf('!') >= 0 && s.indexOf('=') > 0) {
      s = replace(s, NOT_EQUAL, "\\\\ne ");
    }
    boolean latex = s.indexOf('\\') >= 0;
    if (latex) {
      s = unwrapWhole(s, "\\boxed");
      s = unwrapWhole(s, "\\fbox");
    }
    if (s.indexOf('$') >= 0) {
      s = s.replace("\\$", " ").replace("$", " ");
    }
    if (latex) {
      s = NotationRewrites.latex(latexCommands(s));
    } else if (s.indexOf('~') >= 0) {
      s = s.replace('~', ' ');
    }
    s = stripTrailing(s);
    if (latex && s.indexOf('{') >= 0) {
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
      s = unwrapAll(s);
    }
    boolean letters = hasAsciiLetter(s);
    if (letters && s.indexOf('.') > 0) {
      s = replace(s, LIBRARY_PREFIX, "");
    }
    if (letters) {
      s = replace(s, SPACED_UNIT, "");
      s = replace(s, ATTACHED_UNIT, "");
      if (s.contains("circ") || s.contains("degree")) {
        s = replace(s, DEGREE, degreesAsRadians || TRIG.matcher(s).find() ? "^\\\\circ " : "");
      }
    }
    if (s.indexOf('%') >= 0 || letters && (s.contains("per") || s.contains("pct"))) {
      s = replace(s, PERCENT, "");
    }
    if (s.indexOf('\\') >= 0) {
      s = replace(s, COMMAND_SPACE_BRACE, "$1{");
      if (s.contains("\\frac")) {
        s = replace(s, FRAC_TWO_DIGITS, "\\\\frac{$1}{$2}");
        s = replace(s, FRAC_DIGIT_BRACE, "\\\\frac{$1}{");
        s = replace(s, FRAC_BRACE_DIGIT, "\\\\frac{$1}{$2}");
      }
      if (s.contains("\\sqrt")) {
        s = replace(s, SQRT_DIGIT, "\\\\sqrt{$1}");
      }
      s = LEADING_ELEMENT.matcher(s.trim()).replaceFirst("");
    }
    if (s.indexOf('}') >= 0) {
      s = replace(s, BRACE_SPACE_BRACE, "}{");
    }
    if (s.indexOf(' ') > 0 || s.indexOf('\u2009') > 0 || s.indexOf('\u202f') > 0) {
      String t = s.trim();
      if (SPACED_THOUSANDS.matcher(t).matches()) {
        s = t.replace(" ", "").replace("\u2009", "").replace("\u202f", "");
      }
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
      s = scaleWords(s);
    }
    s = stripTrailing(hasWhitespace(s) ? replace(s, WHITESPACE, " ") : s);
    if (s.startsWith(",")) {
      s = s.substring(1).trim();
    }
    if (s.indexOf(',') > 0 && THOUSANDS.matcher(s).matches()) {
      s = s.replace(",", "");
    }
    if (s.indexOf(' ') >= 0) {
      s = replace(s, PUNCT_SPACE, "");
    }
    s = NotationRewrites.plain(s);
    if (letters && s.length() <= 17) {
      String infinity = infinityWord(s);
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
      Matcher zeros = LEADING_ZEROS.matcher(s);
      if (zeros.matches()) {
        s = zeros.group(1) + zeros.group(2);
      }
    }
    return s.contains("\\frac") || s.indexOf('/') > 0 ? mixedNumber(s) : s;
  }

  /** The steps that only apply to LaTeX commands. */
  private static String latexCommands(String input) {
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
    return s.indexOf(',') > 0 && THOUSANDS.matcher(s).matches();
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

  /** {@code infinity}, {@code -inf} as {@code \\infty}, {@code -\\infty}. */
  private static String infinityWord(String s) {
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

  /** {@code 2 million} as {@code 2000000}; {@code 3 bolts} as {@code 3}. */
  private static String scaleWords(String s) {
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

  /** Whether {@code s} is a number written with a decimal comma, like {@code 3,75}. */
  static boolean isDecimalComma(String s) {
    return s.indexOf(',') > 0 && DECIMAL_COMMA.matcher(s).matches();
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

  private static String replace(String s, Pattern pattern, String replacement) {
    return pattern.matcher(s).replaceAll(replacement);
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

  private static String stripTrailing(String s) {
    String out = s.trim();
    while (!out.isEmpty() && (out.endsWith(".") || out.endsWith("\\"))) {
      out = out.substring(0, out.length() - 1).trim();
    }
    return out;
  }

  /** Removes {@code command{...}} when it wraps the whole string. */
  private static String unwrapWhole(String s, String command) {
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

  private static String unwrapAll(String s) {
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

  private static String mixedNumber(String s) {
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
