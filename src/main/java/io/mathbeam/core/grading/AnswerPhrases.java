package io.mathbeam.core.grading;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the answer a response states in words: after its last answer phrase ("answer is",
 * "Answer:", {@code ####}), or in Minerva's "The final answer is ... I hope it is correct."
 */
final class AnswerPhrases {
  private static final Pattern PHRASE =
      Pattern.compile(
          "(?:"
              + AnswerExtractor.ANSWER_WORD
              + "[*_]*\\s*(?:(?i:is|est|es|ist)\\b\\s*[:\uff1a]?|\u662f|[:\uff1a])[*_]*|^####"
              + "|^[#*\\s]*(?i:final answer)[*:\\s]*\\n\\s*)["
              + " \\t]*",
          Pattern.MULTILINE);
  private static final Pattern SENTENCE_END = Pattern.compile("\\.(?=\\s|$)|\u3002|\\n");

  private static final Pattern MINERVA =
      Pattern.compile("(?i:final answer is)\\s*:?(.*)$", Pattern.DOTALL);

  /** A {@code $} that opens or closes math, not an escaped {@code \\$}. */
  private static final Pattern MATH_DOLLARS = Pattern.compile("(?<!\\\\)\\$+");

  private AnswerPhrases() {}

  /**
   * Minerva's answer sentence, {@code Final Answer: The final answer is $x$. I hope it is
   * correct.}: everything between "is" and "I hope", math delimiters dropped, so an answer the
   * model split over several {@code $...$} spans stays whole. It wins over boxes, as in the prompt
   * format that asks for it (lm-eval's minerva_math, Math-Verify's first tier).
   */
  static String minerva(String region) {
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
      answer = SentenceAnswers.reduce(answer);
    }
    if (answer == null || answer.isEmpty()) {
      return null;
    }
    String boxed = Boxes.last(answer);
    return boxed != null && !boxed.isBlank() ? boxed.trim() : answer;
  }

  /** What follows the last answer phrase of {@code region} that has an answer after it, or null. */
  static String last(String region) {
    Matcher m = PHRASE.matcher(region);
    String found = null;
    while (m.find()) {
      String tail = region.substring(m.end());
      String math = MathSpans.leading(tail);
      String candidate;
      if (math != null) {
        // What follows "answer is" in math mode is the answer, words included ($MR=SRMC$).
        candidate = math.isBlank() ? null : math.trim();
      } else {
        Matcher end = SENTENCE_END.matcher(tail);
        candidate = SentenceAnswers.reduce(end.find() ? tail.substring(0, end.start()) : tail);
      }
      if (candidate != null) {
        found = candidate;
      }
    }
    return found;
  }
}
