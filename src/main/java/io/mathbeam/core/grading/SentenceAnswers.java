package io.mathbeam.core.grading;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the answer a piece of text gives: the text itself when it is not a sentence, else its part
 * in bold, its first math span, its first number or a number in words.
 */
final class SentenceAnswers {
  private static final Pattern NUMBER =
      Pattern.compile(
          "(?<![\\w.])(?:\\\\frac\\{-?\\d+\\}\\{\\d+\\}|\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?(?![\\d,])"
              + "|\\d+,\\d{1,2}(?![\\d,])"
              + "|\\d+(?:\\.\\d+)?(?:/\\d+(?:\\.\\d+)?)?|\\.\\d+)(?:\\s*\\\\?%)?");

  private static final Pattern WORD =
      Pattern.compile("(?<![\\\\a-zA-Z])[a-zA-Z]{3,}|[\\p{L}&&[^\\p{ASCII}]]");
  private static final Pattern TEXT_COMMAND =
      Pattern.compile("\\\\(?:text|mathrm|mbox|textbf)\\{[^{}]*\\}");
  private static final Pattern ENVIRONMENT_NAME =
      Pattern.compile("\\\\(?:begin|end)\\{[a-zA-Z*]*\\}(?:\\{[^{}]*\\})?");

  /** A bold span that is not a label: {@code **Conclusion**:} introduces what follows. */
  private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*(?!\\s*[:\uff1a])");

  private static final Pattern EMPHASIS = Pattern.compile("^[*_]+|[*_]+$");

  private static final Pattern FUNCTION_WORDS =
      Pattern.compile(
          "(?i)^(?:sin|cos|tan|sec|csc|cot|log|exp|sqrt|frac|arcsin|arccos|arctan|sinh|cosh"
              + "|tanh)$");

  private SentenceAnswers() {}

  /** The text itself when it reads as an answer; its first number when it is a sentence. */
  static String reduce(String text) {
    String bold = lastBold(text);
    String t = EMPHASIS.matcher(text.trim()).replaceAll("").trim();
    if (t.isEmpty()) {
      return null;
    }
    if (!isWordy(t)) {
      return t;
    }
    if (bold != null && !bold.equals(t)) {
      // The ratio of the areas is **2:3**: the bold part is the answer.
      return reduce(bold);
    }
    String math = MathSpans.first(t);
    if (math != null) {
      return math;
    }
    Matcher m = NUMBER.matcher(t);
    return m.find() ? withSign(t, m) : NumberWords.last(t);
  }

  /** The last {@code **...**} span of {@code text}, or null. */
  static String lastBold(String text) {
    Matcher m = BOLD.matcher(text);
    String found = null;
    while (m.find()) {
      found = m.group(1).strip();
    }
    return found == null || found.isEmpty() ? null : found;
  }

  /** The last number of {@code region}, with its minus sign. */
  static String lastNumber(String region) {
    Matcher m = NUMBER.matcher(region);
    String found = null;
    while (m.find()) {
      found = withSign(region, m);
    }
    return found;
  }

  private static String withSign(String text, Matcher m) {
    int s = m.start();
    if (s > 0 && text.charAt(s - 1) == '-') {
      char before = s > 1 ? text.charAt(s - 2) : ' ';
      if (!Character.isLetterOrDigit(before) && before != ')' && before != ']' && before != '}') {
        return "-" + m.group().trim();
      }
    }
    return m.group().trim();
  }

  /** Whether {@code text} has words (three letters or more that are not function names). */
  static boolean isWordy(String text) {
    String t = TEXT_COMMAND.matcher(text).replaceAll(" ");
    if (t.contains("\\begin")) {
      t = ENVIRONMENT_NAME.matcher(t).replaceAll(" ");
    }
    Matcher m = WORD.matcher(t);
    while (m.find()) {
      if (!FUNCTION_WORDS.matcher(m.group()).matches()) {
        return true;
      }
    }
    return false;
  }
}
