package io.mathbeam.core.grading;

import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites notations that say the same thing in another spelling into the one the parser reads, as
 * part of {@link AnswerNormalizer#normalize}: derivatives ({@code \frac{dy}{dt}}, {@code \dot{y}}
 * and {@code y'}), repeating decimals ({@code 0.\overline{3}} is {@code \frac{1}{3}}), {@code {n
 * \choose k}}, angle-bracket vectors, French intervals ({@code ]-2,7[}), set-builder sets ({@code
 * \{x : x > 2\}}), the real line ({@code \mathbb R}, "all real numbers"), currency before a number
 * ({@code USD 12}, {@code \textdollar}), a label that is words ({@code P(\text{win}) = \frac34})
 * and a qualifier after an answer ({@code \text{ for all } x}). Each step is guarded by a cheap
 * test.
 */
final class NotationRewrites {
  private static final Pattern SECOND_DERIVATIVE =
      Pattern.compile(
          "\\\\frac\\{\\s*d\\s*\\^\\s*\\{?2\\}?\\s*(\\\\?[a-zA-Z]+(?:_\\{?[a-zA-Z0-9]+\\}?)?)\\s*\\}"
              + "\\{\\s*d\\s*([a-zA-Z])\\s*\\^\\s*\\{?2\\}?\\s*\\}");
  private static final Pattern FIRST_DERIVATIVE =
      Pattern.compile(
          "\\\\frac\\{\\s*d\\s*(\\\\?[a-zA-Z]+(?:_\\{?[a-zA-Z0-9]+\\}?)?)\\s*\\}"
              + "\\{\\s*d\\s*([a-zA-Z])\\s*\\}");
  private static final Pattern DOTS =
      Pattern.compile("\\\\(d?dot)\\s*\\{?\\s*(\\\\?[a-zA-Z]+)\\s*\\}?(_\\{?[a-zA-Z0-9]+\\}?)?");
  private static final Pattern REPEATING =
      Pattern.compile("(-?)(\\d*)\\.(\\d*)\\\\overline\\{(\\d+)\\}");
  private static final Pattern CHOOSE =
      Pattern.compile("\\{\\s*([^{}]+?)\\s*\\\\choose\\s*([^{}]+?)\\s*\\}");

  /**
   * {@code C_{10}^{3}}, {@code \\mathrm{C}_{10}^{3}}: combinations, as Chinese textbooks write
   * them.
   */
  private static final Pattern COMBINATIONS =
      Pattern.compile("(?:\\\\mathrm\\{C\\}|(?<![A-Za-z\\\\])C)_\\{?(\\d+)\\}?\\^\\{?(\\d+)\\}?");

  private static final Pattern ANGLE_BRACKETS = Pattern.compile("\\\\langle(.*)\\\\rangle");
  private static final Pattern FRENCH_INTERVAL =
      Pattern.compile("^([\\[\\]])([^\\[\\]]*,[^\\[\\]]*)([\\[\\]])$");
  private static final Pattern SET_BUILDER =
      Pattern.compile(
          "^\\\\\\{\\s*\\\\?[a-zA-Z]+(?:\\s*\\\\in\\s*\\\\mathbb\\{?R\\}?)?\\s*(?::|\\||\\\\mid)"
              + "(.*)\\\\\\}$");
  private static final Pattern MATHBB_LETTER = Pattern.compile("\\\\mathbb\\s+([A-Z])");
  private static final Pattern ALL_REALS =
      Pattern.compile(
          "(?i)^(?:\\\\text\\{)?\\s*(?:all\\s+)?real\\s+numbers?\\s*\\}?$|^(?:\\\\text\\{)?\\s*all"
              + "\\s+reals\\s*\\}?$");
  private static final Pattern CURRENCY_PREFIX =
      Pattern.compile("^(?:USD|EUR|GBP|INR|US\\s*\\\\?\\$|Rs\\.?)\\s*(?=[-\\d.])");
  private static final Pattern CURRENCY_COMMANDS =
      Pattern.compile("\\\\(?:textdollar|textsterling|texteuro|euro|pounds)(?![a-zA-Z])");
  private static final Pattern WORDY_LABEL =
      Pattern.compile("^[^=<>\\d]*\\\\text\\{[^{}]*\\}[^=<>\\d]*=(?![=<>])(.*)$");
  private static final Pattern QUALIFIER =
      Pattern.compile(
          "\\s*,?\\s*(?:\\\\text\\{\\s*,?\\s*(?:for all|for every|for any|for each|where|for)\\b"
              + "[^{}]*\\}|\\\\forall|\\\\quad\\s*\\\\forall).*$");
  private static final Pattern TUPLE_ELEMENT =
      Pattern.compile("^\\(\\s*[a-zA-Z](?:\\s*,\\s*[a-zA-Z])+\\s*\\)\\s*\\\\in\\s*");

  /**
   * {@code t(0,4]}: a variable directly before an interval whose brackets differ. No function
   * application closes with the other bracket, so this is the variable's range with its {@code \in}
   * lost (an OlympiadBench gold is written so), read as {@code t \in (0,4]} is: the interval.
   */
  private static final Pattern RANGE_WITHOUT_IN =
      Pattern.compile("^([a-zA-Z])\\s*(\\(|\\[)([^()\\[\\]]*,[^()\\[\\]]*)(\\)|\\])$");

  private NotationRewrites() {}

  /** LaTeX notations; {@code s} contains a backslash. */
  static String latex(String input) {
    String s = input;
    if (s.contains("\\frac{d") || s.contains("\\frac{ d")) {
      s = SECOND_DERIVATIVE.matcher(s).replaceAll(m -> derivative(m, "''"));
      s = FIRST_DERIVATIVE.matcher(s).replaceAll(m -> derivative(m, "'"));
    }
    if (s.contains("dot")) {
      s =
          DOTS.matcher(s)
              .replaceAll(
                  m ->
                      Matcher.quoteReplacement(
                          m.group(2)
                              + (m.group(3) == null ? "" : m.group(3))
                              + (m.group(1).equals("ddot") ? "''" : "'")));
    }
    if (s.contains("\\overline")) {
      s = REPEATING.matcher(s).replaceAll(m -> Matcher.quoteReplacement(repeating(m)));
    }
    if (s.contains("C_") || s.contains("C}_")) {
      s = COMBINATIONS.matcher(s).replaceAll("\\\\binom{$1}{$2}");
    }
    if (s.contains("\\choose")) {
      s = CHOOSE.matcher(s).replaceAll("\\\\binom{$1}{$2}");
    }
    if (s.contains("\\langle")) {
      s = ANGLE_BRACKETS.matcher(s).replaceAll("($1)");
    }
    if (s.contains("\\mathbb ")) {
      s = MATHBB_LETTER.matcher(s).replaceAll("\\\\mathbb{$1}");
    }
    if (s.startsWith("\\{")) {
      Matcher builder = SET_BUILDER.matcher(s.trim());
      if (builder.matches()) {
        s = builder.group(1);
      }
    }
    if (s.contains("\\text")) {
      Matcher label = WORDY_LABEL.matcher(s);
      if (label.matches()) {
        s = label.group(1);
      }
      s = QUALIFIER.matcher(s).replaceFirst("");
    }
    if (s.contains("\\forall")) {
      s = QUALIFIER.matcher(s).replaceFirst("");
    }
    if (s.contains("\\text") || s.contains("\\euro") || s.contains("\\pounds")) {
      s = CURRENCY_COMMANDS.matcher(s).replaceAll(" ");
    }
    if (s.contains("\\in")) {
      s = TUPLE_ELEMENT.matcher(s.trim()).replaceFirst("");
    }
    return s;
  }

  /** Notations that need no backslash; run on every answer after the LaTeX steps. */
  static String plain(String input) {
    String s = input.trim();
    if (s.isEmpty()) {
      return s;
    }
    char first = s.charAt(0);
    if ((first == ']' || first == '[') && s.indexOf(',') > 0) {
      Matcher french = FRENCH_INTERVAL.matcher(s);
      if (french.matches() && (first == ']' || s.endsWith("["))) {
        s =
            (first == ']' ? "(" : "[")
                + french.group(2)
                + (french.group(3).equals("[") ? ")" : "]");
      }
    }
    if (Character.isLetter(first) && s.indexOf(',') > 0) {
      Matcher range = RANGE_WITHOUT_IN.matcher(s);
      if (range.matches() && range.group(2).equals("(") == range.group(4).equals("]")) {
        s = range.group(2) + range.group(3) + range.group(4);
      }
    }
    if (first == 'U' || first == 'E' || first == 'G' || first == 'I' || first == 'R') {
      s = CURRENCY_PREFIX.matcher(s).replaceFirst("");
    }
    if (s.length() < 40 && s.toLowerCase(Locale.ROOT).contains("real")) {
      if (ALL_REALS.matcher(s).matches()) {
        s = "\\mathbb{R}";
      }
    }
    return s;
  }

  /**
   * {@code \frac{dy}{dt}} as {@code y'}, the same as {@code \dot{y}} (the time derivative, as
   * physics answers write it); with respect to another variable the variable is kept: {@code
   * \frac{dy}{dx}} is {@code y'_{x}}, never the time derivative.
   */
  private static String derivative(MatchResult m, String primes) {
    String respect = m.group(2).equals("t") ? "" : "_{" + m.group(2) + "}";
    return Matcher.quoteReplacement(m.group(1) + primes + respect);
  }

  /** {@code 0.1\overline{6}} as the exact fraction {@code \frac{1}{6}}. */
  private static String repeating(MatchResult m) {
    String whole = m.group(2).isEmpty() ? "0" : m.group(2);
    String fixed = m.group(3);
    String cycle = m.group(4);
    // x = whole.fixed(cycle)... = (whole fixed cycle - whole fixed) / (10^|fixed| (10^|cycle| - 1))
    BigInteger all = new BigInteger(whole + fixed + cycle);
    BigInteger head = new BigInteger(whole + fixed);
    BigInteger numerator = all.subtract(head);
    BigInteger denominator =
        BigInteger.TEN
            .pow(fixed.length())
            .multiply(BigInteger.TEN.pow(cycle.length()).subtract(BigInteger.ONE));
    BigInteger gcd = numerator.gcd(denominator);
    if (gcd.signum() != 0) {
      numerator = numerator.divide(gcd);
      denominator = denominator.divide(gcd);
    }
    return m.group(1) + "\\frac{" + numerator + "}{" + denominator + "}";
  }
}
