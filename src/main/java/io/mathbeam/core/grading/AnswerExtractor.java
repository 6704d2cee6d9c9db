package io.mathbeam.core.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the final answer in a model response.
 *
 * <p>Only the part after the last {@code </think>} is searched when there is one; a response cut
 * off inside its reasoning (no {@code </think>}) is searched whole. In order: the last {@code
 * \boxed{...}} / {@code \fbox{...}} / {@code \framebox{...}} (brace-matched; also {@code \boxed
 * 5}); the last "answer is ..." / "Answer: ..." phrase (also "final answer is", French, Spanish,
 * German and Chinese forms, and GSM8K's {@code #### 18}); the last {@code $...$}, {@code $$...$$},
 * {@code \(...\)} or {@code \[...\]} that reads as math (not a sentence, not a fragment ending in
 * an operator, not a currency pair like {@code $5 and $6} or one spanning lines); the last number
 * (with a simple fraction {@code 13/28} or {@code \frac{2}{5}} and a percent sign counted as part
 * of it). A phrase or math span that is a sentence rather than an answer is reduced to its first
 * number. Multiple-choice letters are found by {@link #extractChoice}.
 */
public final class AnswerExtractor {
  /** "answer" in English, French, Spanish, German and Chinese. */
  static final String ANSWER_WORD = "(?i:answer|r\u00e9ponse|respuesta|antwort|\u7b54\u6848)";

  private static final Pattern PHRASE =
      Pattern.compile(
          "(?:"
              + ANSWER_WORD
              + "[*_]*\\s*(?:(?i:is|est|es|ist)\\b\\s*[:\uff1a]?|\u662f|[:\uff1a])[*_]*|^####"
              + "|^[#*\\s]*(?i:final answer)[*:\\s]*\\n\\s*)["
              + " \\t]*",
          Pattern.MULTILINE);
  private static final Pattern ARITHMETIC_COMMANDS =
      Pattern.compile("\\\\(?:[dt]?frac|cdot|times|div|sqrt|left|right)");
  private static final Pattern FRAGMENT_END = Pattern.compile("[=+\\-*/<>,]$");
  private static final Pattern SENTENCE_END = Pattern.compile("\\.(?=\\s|$)|\u3002|\\n");
  private static final Pattern NUMBER =
      Pattern.compile(
          "(?<![\\w.])(?:\\\\frac\\{-?\\d+\\}\\{\\d+\\}|\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?(?![\\d,])"
              + "|\\d+,\\d{1,2}(?![\\d,])"
              + "|\\d+(?:\\.\\d+)?(?:/\\d+(?:\\.\\d+)?)?|\\.\\d+)(?:\\s*\\\\?%)?");

  /** A math span that is one word ({@code $Monday$}, {@code $yes$}) is a text answer. */
  private static final Pattern SINGLE_WORD = Pattern.compile("[A-Za-z]{3,}");

  private static final Pattern WORD =
      Pattern.compile("(?<![\\\\a-zA-Z])[a-zA-Z]{3,}|[\\p{L}&&[^\\p{ASCII}]]");
  private static final Pattern TEXT_COMMAND =
      Pattern.compile("\\\\(?:text|mathrm|mbox|textbf)\\{[^{}]*\\}");
  private static final Pattern ENVIRONMENT_NAME =
      Pattern.compile("\\\\(?:begin|end)\\{[a-zA-Z*]*\\}(?:\\{[^{}]*\\})?");

  private static final Pattern MINERVA =
      Pattern.compile("(?i:final answer is)\\s*:?(.*)$", Pattern.DOTALL);

  /** A {@code $} that opens or closes math, not an escaped {@code \\$}. */
  private static final Pattern MATH_DOLLARS = Pattern.compile("(?<!\\\\)\\$+");

  private static final Pattern MATH_SPAN =
      Pattern.compile(
          "\\$\\$.*?\\$\\$|(?<!\\\\)\\$.*?(?<!\\\\)\\$|\\\\\\(.*?\\\\\\)", Pattern.DOTALL);
  private static final Pattern JOINER_WORDS =
      Pattern.compile("(?i)\\b(?:and|or|where|with|for|all|real|numbers?|units?)\\b");

  private static final Pattern MATH_JOINER = Pattern.compile("\\s*(?:,\\s*(?:and|or)?|and|or)\\s*");

  /** A bold span that is not a label: {@code **Conclusion**:} introduces what follows. */
  private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*(?!\\s*[:\uff1a])");

  private static final Pattern TEXT_CONTENT =
      Pattern.compile("\\\\(?:text|textbf|textit|textrm|mbox|mathrm)\\s*\\{([^{}]*)\\}");

  private static final Pattern EMPHASIS = Pattern.compile("^[*_]+|[*_]+$");

  private static final Pattern FUNCTION_WORDS =
      Pattern.compile(
          "(?i)^(?:sin|cos|tan|sec|csc|cot|log|exp|sqrt|frac|arcsin|arccos|arctan|sinh|cosh"
              + "|tanh)$");

  private AnswerExtractor() {}

  /** The final answer of {@code response}, or null when it has none. */
  public static String extract(String response) {
    if (response == null || response.isBlank()) {
      return null;
    }
    return resultOfArithmetic(find(ResponseRegion.of(response)));
  }

  private static String find(String region) {
    String minerva = minervaAnswer(region);
    if (minerva != null) {
      return minerva;
    }
    String boxed = Boxes.last(region);
    if (boxed != null) {
      if (boxed.isBlank()) {
        return null;
      }
      String inner = boxed.contains("nswer") ? lastPhrase(unwrapText(boxed)) : null;
      return inner != null ? inner : boxed.trim();
    }
    String phrase = lastPhrase(region);
    if (phrase != null) {
      return phrase;
    }
    String bold = boldLastLine(region);
    if (bold != null) {
      return bold;
    }
    String math = lastMath(region);
    if (math != null) {
      return math;
    }
    String words = numberInWordsLastSentence(region);
    return words != null ? words : lastNumber(region);
  }

  /** A response that ends on a line in bold ({@code **Even**}) has written its answer there. */
  private static String boldLastLine(String region) {
    String t = region.strip();
    int start = t.lastIndexOf('\n') + 1;
    String line = t.substring(start).strip();
    String bold = lastBold(line);
    if (bold == null || bold.length() > 80 || bold.endsWith(":")) {
      return null;
    }
    String inner = reduceBold(bold);
    if (inner == null || !isWordy(inner)) {
      return inner;
    }
    // **east**, **Even**: a word or two in bold is a text answer; a bold sentence is read.
    String reduced = reduce(inner);
    return reduced != null ? reduced : inner.split("\\s+").length <= 3 ? inner : null;
  }

  /** The last {@code **...**} span of {@code text}, or null. */
  private static String lastBold(String text) {
    Matcher m = BOLD.matcher(text);
    String found = null;
    while (m.find()) {
      found = m.group(1).strip();
    }
    return found == null || found.isEmpty() ? null : found;
  }

  /** A response whose last sentence states its answer in words ({@code eighteen dollars}). */
  private static String numberInWordsLastSentence(String region) {
    String t = region.strip();
    int start = Math.max(t.lastIndexOf('\n'), t.lastIndexOf(". ", t.length() - 2)) + 1;
    String sentence = t.substring(start);
    for (int i = 0; i < sentence.length(); i++) {
      if (Character.isDigit(sentence.charAt(i))) {
        return null;
      }
    }
    return NumberWords.last(sentence);
  }

  private static String reduceBold(String inner) {
    String t = inner.endsWith(".") ? inner.substring(0, inner.length() - 1) : inner;
    return t.isBlank() ? null : t.strip();
  }

  /**
   * Minerva's answer sentence, {@code Final Answer: The final answer is $x$. I hope it is
   * correct.}: everything between "is" and "I hope", math delimiters dropped, so an answer the
   * model split over several {@code $...$} spans stays whole. It wins over boxes, as in the prompt
   * format that asks for it (lm-eval's minerva_math, Math-Verify's first tier).
   */
  private static String minervaAnswer(String region) {
    int hope = region.lastIndexOf("I hope it is correct");
    if (hope < 0) {
      return null;
    }
    Matcher m = MINERVA.matcher(region.substring(0, hope));
    String found = null;
    while (m.find()) {
      found = m.group(1);
    }
    if (found == null) {
      return null;
    }
    String answer = found.strip();
    if (answer.endsWith(".")) {
      answer = answer.substring(0, answer.length() - 1).strip();
    }
    if (answer.startsWith("$") && answer.endsWith("$") && answer.length() > 1) {
      answer = MATH_DOLLARS.matcher(answer).replaceAll(" ").strip();
    } else {
      answer = reduce(answer);
    }
    if (answer == null || answer.isEmpty()) {
      return null;
    }
    String boxed = Boxes.last(answer);
    return boxed != null && !boxed.isBlank() ? boxed.trim() : answer;
  }

  /**
   * The answer a gold string states: the last box of a gold written as a solution ({@code ... hence
   * $\\boxed{7}$}), the answer of a gold written as a sentence ({@code The answer is $5$.}),
   * otherwise the gold as it is ({@code $x=2$ or $x=-3$} stays whole).
   */
  static String goldAnswer(String gold) {
    if (gold.contains("\\boxed") || gold.contains("\\fbox")) {
      String boxed = Boxes.last(gold);
      return boxed == null ? gold : boxed;
    }
    if (gold.indexOf('$') < 0 && !gold.contains("\\(") || !MATH_SPAN.matcher(gold).find()) {
      return gold;
    }
    String outside = MATH_SPAN.matcher(gold).replaceAll(" ");
    if (!isWordy(JOINER_WORDS.matcher(outside).replaceAll(" "))) {
      return gold;
    }
    String extracted = extract(gold);
    return extracted == null || AnswerNormalizer.normalize(extracted).isEmpty() ? gold : extracted;
  }

  /** {@code 35 + 70 = 105} (no variables left of the last {@code =}) is the answer {@code 105}. */
  private static String resultOfArithmetic(String answer) {
    if (answer == null || !answer.contains("=")) {
      return answer;
    }
    String a = answer.trim();
    if (a.startsWith("(") && a.endsWith(")")) {
      a = a.substring(1, a.length() - 1);
    }
    int last = a.lastIndexOf('=');
    String left = ARITHMETIC_COMMANDS.matcher(a.substring(0, last)).replaceAll("");
    String right = a.substring(last + 1).trim();
    if (right.isEmpty()
        || left.chars().anyMatch(Character::isLetter)
        || right.chars().anyMatch(Character::isLetter)
        || a.contains("<")
        || a.contains(">")) {
      return answer;
    }
    return right;
  }

  /**
   * A multiple-choice letter (A-E) in {@code response}: after an "answer is"/"Answer:" phrase, a
   * leading letter ({@code D. because ...}), or the last standalone capital A-E. Null if none.
   */
  public static String extractChoice(String response) {
    if (response == null) {
      return null;
    }
    return ChoiceLetters.fromResponse(ResponseRegion.of(response));
  }

  /** Whether the answer part of {@code response} has a boxed answer. */
  static boolean hasBoxed(String response) {
    return response != null && Boxes.last(ResponseRegion.of(response)) != null;
  }

  /** Whether {@code region} has an answer phrase with an answer after it. */
  static boolean hasPhrase(String region) {
    return lastPhrase(region) != null;
  }

  private static String lastPhrase(String region) {
    Matcher m = PHRASE.matcher(region);
    String found = null;
    while (m.find()) {
      String tail = region.substring(m.end());
      String math = leadingMath(tail);
      String candidate;
      if (math != null) {
        // What follows "answer is" in math mode is the answer, words included ($MR=SRMC$).
        candidate = math.isBlank() ? null : math.trim();
      } else {
        Matcher end = SENTENCE_END.matcher(tail);
        candidate = reduce(end.find() ? tail.substring(0, end.start()) : tail);
      }
      if (candidate != null) {
        found = candidate;
      }
    }
    return found;
  }

  /** {@code \\text{The answer is } 12} as plain text: {@code The answer is 12}. */
  private static String unwrapText(String s) {
    return TEXT_CONTENT.matcher(s).replaceAll(" $1 ");
  }

  private static String leadingMath(String tail) {
    String t = tail.stripLeading();
    for (String[] pair :
        new String[][] {{"$$", "$$"}, {"$", "$"}, {"\\(", "\\)"}, {"\\[", "\\]"}}) {
      if (t.startsWith(pair[0])) {
        int close = t.indexOf(pair[1], pair[0].length());
        while (close > 0 && pair[1].startsWith("$") && t.charAt(close - 1) == '\\') {
          close = t.indexOf(pair[1], close + 1);
        }
        if (close > 0) {
          return t.substring(pair[0].length(), close);
        }
      }
    }
    return null;
  }

  private static String lastMath(String region) {
    MathSpans found = new MathSpans(region, false);
    int i = 0;
    int n = region.length();
    while (i < n) {
      char c = region.charAt(i);
      if (c == '\\' && i + 1 < n && (region.charAt(i + 1) == '(' || region.charAt(i + 1) == '[')) {
        String close = region.charAt(i + 1) == '(' ? "\\)" : "\\]";
        int end = region.indexOf(close, i + 2);
        if (end < 0) {
          break;
        }
        found.offer(region.substring(i + 2, end), i, end + 2);
        i = end + 2;
      } else if (c == '\\') {
        i += 2;
      } else if (c == '$') {
        int width = i + 1 < n && region.charAt(i + 1) == '$' ? 2 : 1;
        int end = region.indexOf(width == 2 ? "$$" : "$", i + width);
        while (end > 0 && region.charAt(end - 1) == '\\') {
          end = region.indexOf(width == 2 ? "$$" : "$", end + 1);
        }
        if (end < 0) {
          break;
        }
        String content = region.substring(i + width, end);
        char after = end + width < n ? region.charAt(end + width) : ' ';
        if (width == 2 || !content.contains("\n") && !Character.isDigit(after) && after != '<') {
          found.offer(content, i, end + width);
        }
        i = end + width;
      } else {
        i++;
      }
    }
    return found.answer();
  }

  /**
   * The last math span that reads as an answer, with the spans joined to it by "and", "or" or
   * commas ({@code $x = 3$ or $x = -2$} is the list {@code x = 3, x = -2}).
   */
  private static final class MathSpans {
    private final String region;
    private final boolean firstRunOnly;
    private final List<String> run = new ArrayList<>();
    private int runEnd = -1;
    private boolean closed;

    /** {@code firstRunOnly}: keep the first run of joined spans instead of the last. */
    MathSpans(String region, boolean firstRunOnly) {
      this.region = region;
      this.firstRunOnly = firstRunOnly;
    }

    void offer(String content, int start, int end) {
      if (closed) {
        return;
      }
      String kept = keep(null, content);
      boolean joined =
          kept != null
              && runEnd >= 0
              && run.size() < Boxes.MAX_JOINED_BOXES
              && start - runEnd <= 12
              && MATH_JOINER.matcher(region.substring(runEnd, start)).matches();
      if (firstRunOnly && !run.isEmpty() && !joined) {
        closed = true;
        return;
      }
      if (kept == null) {
        return;
      }
      if (!joined) {
        run.clear();
      }
      run.add(kept);
      runEnd = end;
    }

    String answer() {
      return run.isEmpty() ? null : String.join(", ", run);
    }
  }

  /** A math span replaces the previous one unless it reads as a sentence or a fragment. */
  private static String keep(String previous, String content) {
    String t = content.trim();
    if (t.isEmpty() || FRAGMENT_END.matcher(t).find()) {
      return previous;
    }
    if (isWordy(t) && !SINGLE_WORD.matcher(t).matches()) {
      return previous;
    }
    return t;
  }

  private static String lastNumber(String region) {
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

  /** The text itself when it reads as an answer; its first number when it is a sentence. */
  private static String reduce(String text) {
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
    String math = firstMath(t);
    if (math != null) {
      return math;
    }
    Matcher m = NUMBER.matcher(t);
    return m.find() ? withSign(t, m) : NumberWords.last(t);
  }

  /** The first {@code $...$} or {@code \\(...\\)} span of a sentence that reads as math. */
  private static String firstMath(String sentence) {
    if (sentence.indexOf('$') < 0 && !sentence.contains("\\(")) {
      return null;
    }
    // The first span, with the spans joined to it by "and", "or" or commas: "the roots are $x =
    // 7$, $x = 3$, and $x = 5$".
    MathSpans spans = new MathSpans(sentence, true);
    Matcher m = MATH_SPAN.matcher(sentence);
    while (m.find()) {
      String span = m.group();
      int delimiter = span.startsWith("$$") || span.startsWith("\\(") ? 2 : 1;
      spans.offer(span.substring(delimiter, span.length() - delimiter), m.start(), m.end());
    }
    return spans.answer();
  }

  private static boolean isWordy(String text) {
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
