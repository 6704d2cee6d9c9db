package io.mathbeam.core.grading;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Multiple-choice letters (A-E) in gold answers, extracted answers and whole responses. */
final class ChoiceLetters {
  private static final String LETTER = "(?<![A-Za-z])\\(?([A-E])\\)?(?![A-Za-z'])";
  private static final Pattern PHRASE =
      Pattern.compile(
          AnswerExtractor.ANSWER_WORD
              + "\\s*(?:(?i:is|est|es|ist)\\b|\u662f)?\\s*[:\uff1a]?(.{0,30}?)"
              + LETTER,
          Pattern.DOTALL);
  private static final Pattern LEADING =
      Pattern.compile("^\\s*\\(?([A-E])\\)?(?![A-Za-z0-9'_=^(])");

  /**
   * A gold that starts with its choice: {@code (D) Alina}, {@code C Cecile}, {@code B 12}; a bare
   * letter followed by a small word is a sentence instead ("C is not invertible", "A solution
   * exists and is unique").
   */
  private static final Pattern GOLD_LEADING =
      Pattern.compile("^\\s*(?:\\(([A-E])\\)(?:\\s|$)|([A-E])(?:\\s+(?![a-z]{2,}\\b)|$))");

  private static final Pattern ANY = Pattern.compile(LETTER);
  private static final Pattern ANSWER =
      Pattern.compile("^(?:\\(([A-Z])\\).*|([A-Z])[.)]?|([A-Z])[.):]\\s.*)$", Pattern.DOTALL);
  private static final Pattern LABEL_NOISE =
      Pattern.compile(
          "\\\\(?:textbf|textrm|text|mathrm|mathbf|left|right|boxed)|\\\\[,;!: ]|[{}$~]");

  private ChoiceLetters() {}

  /**
   * The letter an answer names: {@code C}, {@code (C)}, {@code C.}, {@code \textbf{(C) }12}, {@code
   * C. 12}; null for anything else.
   */
  static String fromAnswer(String answer) {
    if (answer == null) {
      return null;
    }
    Matcher m = ANSWER.matcher(LABEL_NOISE.matcher(answer).replaceAll(" ").trim());
    if (!m.matches()) {
      return null;
    }
    for (int group = 1; group <= 3; group++) {
      if (m.group(group) != null) {
        return m.group(group);
      }
    }
    return null;
  }

  /**
   * The letter a gold answer names: a bare letter, {@code (D) Alina}, {@code C Cecile}, or "the
   * answer is (C) ..."; null when the gold is not a choice.
   */
  static String fromGold(String gold) {
    if (gold == null) {
      return null;
    }
    String letter = fromAnswer(gold);
    if (letter != null) {
      return letter;
    }
    Matcher leading = GOLD_LEADING.matcher(gold);
    if (leading.find()) {
      return leading.group(1) != null ? leading.group(1) : leading.group(2);
    }
    Matcher phrase = PHRASE.matcher(gold);
    return phrase.find() && phrase.group(1).isBlank() ? phrase.group(2) : null;
  }

  /** A letter chosen in a response: after an answer phrase, leading, or the last standalone one. */
  static String fromResponse(String response) {
    Matcher phrase = PHRASE.matcher(response);
    String found = null;
    while (phrase.find()) {
      found = phrase.group(2);
    }
    if (found != null) {
      return found;
    }
    Matcher leading = LEADING.matcher(response);
    if (leading.find()) {
      return leading.group(1);
    }
    Matcher any = ANY.matcher(response);
    while (any.find()) {
      found = any.group(1);
    }
    return found;
  }
}
