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

  private static final Pattern COPULA = Pattern.compile("(?i)\\b(?:is|are|equals|was)\\s+");

  /** A clause after the value: ", attained ...", " for n > 2", " when ...". */
  private static final Pattern TRAILING_CLAUSE =
      Pattern.compile(
          "(?i),\\s+(?!and\\b|or\\b)[a-z]{3,}|\\s(?:for|when|if|since|because|where|with|attained|at|as|which)\\b");

  private static final Pattern VALUE_THEN_UNIT =
      Pattern.compile("((?:\\$[^$]+\\$|-?\\d[\\d,.]*))\\s+[a-zA-Z]+(?:\\s+[a-zA-Z]+)?");

  private static final Pattern SENTENCE_END =
      Pattern.compile("(?<!\\d)\\.(?=\\s+\\S)|\\.(?=\\s+[A-Z])");

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
    String named = afterCopula(t);
    if (named != null) {
      return named;
    }
    String math = MathSpans.first(t);
    if (math != null) {
      return math;
    }
    Matcher m = NUMBER.matcher(t);
    return m.find() ? withSign(t, m) : NumberWords.last(t);
  }

  /**
   * "The value of $x+y$ is $36$.", "The remainder when $N$ is divided by 1000 is 16.", "The product
   * $xy$ equals 25, attained at ...": a sentence that names the quantity and ends with its value
   * gives the value after its last "is", "are" or "equals" outside math, up to the sentence's end
   * or a trailing clause (", attained ...", " for n > 2"); null when the sentence has no such verb,
   * or nothing that reads as an answer follows it.
   */
  static String afterCopula(String text) {
    String sentence = firstSentence(text);
    String masked = mask(sentence);
    Matcher copula = COPULA.matcher(masked);
    int end = -1;
    while (copula.find()) {
      end = copula.end();
    }
    if (end < 0) {
      return null;
    }
    String value = sentence.substring(end);
    Matcher clause = TRAILING_CLAUSE.matcher(mask(value));
    if (clause.find()) {
      value = value.substring(0, clause.start());
    }
    value = value.strip().replaceAll("[.;:!]+$", "").strip();
    Matcher unit = VALUE_THEN_UNIT.matcher(value);
    if (unit.matches()) {
      // "is $204$ minutes", "is 12 square units": the value before a unit's word or two
      value = unit.group(1).strip();
    }
    if (value.isEmpty()
        || isWordy(MathSpans.SPAN.matcher(value).replaceAll(" "))
        || value.chars().noneMatch(c -> Character.isDigit(c) || c == '$' || c == '\\')) {
      // "... is it", "... is odd": not a value this reads
      return null;
    }
    String math = MathSpans.first(value);
    if (math != null) {
      return math;
    }
    return value.indexOf('$') < 0 ? value : null;
  }

  /** Up to the first ". " that ends a sentence (a period not in a number or a math span). */
  private static String firstSentence(String text) {
    String masked = mask(text);
    Matcher end = SENTENCE_END.matcher(masked);
    return end.find() ? text.substring(0, end.start() + 1) : text;
  }

  /**
   * {@code text} with every math span's inside blanked, so words and periods there are not seen.
   */
  private static String mask(String text) {
    StringBuilder out = new StringBuilder(text);
    Matcher m = MathSpans.SPAN.matcher(text);
    while (m.find()) {
      for (int i = m.start() + 1; i < m.end() - 1; i++) {
        out.setCharAt(i, '_');
      }
    }
    return out.toString();
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
