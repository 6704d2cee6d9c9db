package io.mathbeam.core.grading;

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
 *
 * <p>This class orders the strategies; {@link AnswerPhrases}, {@link Boxes}, {@link MathSpans},
 * {@link SentenceAnswers} and {@link NumberWords} carry them out.
 */
public final class AnswerExtractor {
  /** "answer" in English, French, Spanish, German and Chinese. */
  static final String ANSWER_WORD = "(?i:answer|r\u00e9ponse|respuesta|antwort|\u7b54\u6848)";

  private static final Pattern ARITHMETIC_COMMANDS =
      Pattern.compile("\\\\(?:[dt]?frac|cdot|times|div|sqrt|left|right)");

  private static final Pattern JOINER_WORDS =
      Pattern.compile("(?i)\\b(?:and|or|where|with|for|all|real|numbers?|units?)\\b");

  private static final Pattern TEXT_CONTENT =
      Pattern.compile("\\\\(?:text|textbf|textit|textrm|mbox|mathrm)\\s*\\{([^{}]*)\\}");

  /** GSM8K's final line: {@code #### 18}. */
  private static final Pattern GSM8K_ANSWER = Pattern.compile("(?m)^####\\s*(\\S.*)$");

  /** Text outside math longer than this makes a gold a worked solution, not a sentence answer. */
  private static final int WORKED_SOLUTION_CHARACTERS = 200;

  private AnswerExtractor() {}

  /** The final answer of {@code response}, or null when it has none. */
  public static String extract(String response) {
    if (response == null || response.isBlank()) {
      return null;
    }
    return resultOfArithmetic(find(ResponseRegion.of(response)));
  }

  private static String find(String region) {
    String minerva = AnswerPhrases.minerva(region);
    if (minerva != null) {
      return minerva;
    }
    String boxed = Boxes.last(region);
    if (boxed != null) {
      if (boxed.isBlank()) {
        return null;
      }
      String inner = boxed.contains("nswer") ? AnswerPhrases.last(unwrapText(boxed)) : null;
      return inner != null ? inner : Boxes.trimBlank(boxed);
    }
    String phrase = AnswerPhrases.last(region);
    if (phrase != null) {
      return phrase;
    }
    String bold = boldLastLine(region);
    if (bold != null) {
      return bold;
    }
    String stated = statedInLastSentence(region);
    if (stated != null) {
      return stated;
    }
    String math = MathSpans.last(region);
    if (math != null) {
      return math;
    }
    String words = numberInWordsLastSentence(region);
    return words != null ? words : SentenceAnswers.lastNumber(region);
  }

  /** A response that ends on a line in bold ({@code **Even**}) has written its answer there. */
  private static String boldLastLine(String region) {
    String t = region.strip();
    int start = t.lastIndexOf('\n') + 1;
    String line = t.substring(start).strip();
    String bold = SentenceAnswers.lastBold(line);
    if (bold == null || bold.length() > 80 || bold.endsWith(":")) {
      return null;
    }
    String inner = reduceBold(bold);
    if (inner == null || !SentenceAnswers.isWordy(inner)) {
      return inner;
    }
    // **east**, **Even**: a word or two in bold is a text answer; a bold sentence is read.
    String reduced = SentenceAnswers.reduce(inner);
    return reduced != null ? reduced : inner.split("\\s+").length <= 3 ? inner : null;
  }

  /**
   * A response without a marker whose last sentence names the quantity and ends with its value
   * ({@code So the value of the binomial coefficient is 4495.}): that value, before any earlier
   * math span.
   */
  private static String statedInLastSentence(String region) {
    String sentence = lastSentence(region).strip();
    return sentence.isEmpty() ? null : SentenceAnswers.afterCopula(sentence);
  }

  /** The text after the last line break or sentence end ({@code ". "}) of {@code region}. */
  private static String lastSentence(String region) {
    String t = region.strip();
    int start = Math.max(t.lastIndexOf('\n'), t.lastIndexOf(". ", t.length() - 2)) + 1;
    return t.substring(start);
  }

  /** A response whose last sentence states its answer in words ({@code eighteen dollars}). */
  private static String numberInWordsLastSentence(String region) {
    String sentence = lastSentence(region);
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
   * The answer a gold string states: the last box of a gold written as a solution ({@code ... hence
   * $\\boxed{7}$}), the answer of a gold written as a sentence ({@code The answer is $5$.}),
   * otherwise the gold as it is ({@code $x=2$ or $x=-3$} stays whole).
   */
  static String goldAnswer(String gold) {
    if (gold.contains("\\boxed") || gold.contains("\\fbox")) {
      String parts = GoldParts.ofBoxes(gold);
      if (parts != null) {
        return parts;
      }
      String boxed = Boxes.last(gold);
      return boxed == null ? gold : boxed;
    }
    Matcher hashes = GSM8K_ANSWER.matcher(gold);
    if (hashes.find() && gold.indexOf('\n') >= 0) {
      // a GSM8K solution: its last line "#### 18" is the answer
      return hashes.group(1).strip();
    }
    if (gold.indexOf('$') < 0 && !gold.contains("\\(") || !MathSpans.SPAN.matcher(gold).find()) {
      return gold;
    }
    String outside = MathSpans.SPAN.matcher(gold).replaceAll(" ");
    if (!SentenceAnswers.isWordy(JOINER_WORDS.matcher(outside).replaceAll(" "))) {
      return gold;
    }
    String extracted = extract(gold);
    if (extracted == null || AnswerNormalizer.normalize(extracted).isEmpty()) {
      return gold;
    }
    if (SentenceAnswers.isWordy(outside) && outside.length() > WORKED_SOLUTION_CHARACTERS) {
      // a worked solution ending in "Therefore, $2 f(2) g(2) = 2 \\times 14 \\times (-3) = -84$.":
      // the value its last chain of equalities arrives at
      return lastOfChain(extracted);
    }
    return extracted;
  }

  /** The part after the last top-level {@code =} of an equality chain; the text when none. */
  private static String lastOfChain(String chain) {
    int depth = 0;
    int last = -1;
    for (int i = 0; i < chain.length(); i++) {
      char c = chain.charAt(i);
      if (c == '{' || c == '(' || c == '[') {
        depth++;
      } else if (c == '}' || c == ')' || c == ']') {
        depth--;
      } else if (c == '=' && depth == 0) {
        last = i;
      }
    }
    String value = last < 0 ? chain : chain.substring(last + 1).strip();
    return value.isEmpty() ? chain : value;
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
    return AnswerPhrases.last(region) != null;
  }

  /** {@code \\text{The answer is } 12} as plain text: {@code The answer is 12}. */
  private static String unwrapText(String s) {
    return TEXT_CONTENT.matcher(s).replaceAll(" $1 ");
  }
}
