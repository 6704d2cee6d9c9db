package io.mathbeam.core.choice;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the option a model picked in its response to a rendered {@link MultipleChoice}.
 *
 * <p>Reasoning is ignored: only the text after the last {@code </think>} is searched, and a {@code
 * <think>} left open there ends the search region. Three kinds of pick are tried in order, and
 * within a kind the last one that reads as a pick wins:
 *
 * <ol>
 *   <li>the content of {@code \boxed{...}} / {@code \fbox{...}}: {@code B}, {@code (B)}, {@code
 *       B.}, {@code \text{B}}, {@code \textbf{(B) text}}, or an option's text;
 *   <li>the text after "answer is", "Answer:", "Final answer:", "correct option is" (also "would
 *       be", "should be"): {@code B}, {@code (B)}, {@code option B}, {@code **B**}, or the rest of
 *       the line equal to an option's text;
 *   <li>a bold {@code **B**} / {@code **(B)**} / {@code **(B) text**}, or a line that is only
 *       {@code (B)}, {@code B}, {@code B.} or {@code B)}.
 * </ol>
 *
 * <p>Option text is compared trimmed, with whitespace collapsed, a trailing period and surrounding
 * {@code $...$} removed, ignoring case, and must match exactly one option. A pick whose letter is
 * beyond the options is no answer, and lower kinds are not consulted for it. After an answer phrase
 * a bare {@code A} or {@code I} followed by a lower-case word ("Answer: A quick check shows", "the
 * answer is I think") is read as English, not as a pick.
 */
public final class ChoiceAnswer {
  private static final int NONE = -1;
  private static final Pattern BOX = Pattern.compile("\\\\(?:boxed|fbox)\\s*\\{");
  private static final Pattern PHRASE =
      Pattern.compile(
          "\\b(?:answer|(?:correct|best|right|final)\\s+(?:option|choice))\\b[*_]*"
              + "(?:\\s+(?:is|would\\s+be|should\\s+be|must\\s+be|will\\s+be)\\b\\s*:?|\\s*:)",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern PHRASE_LEAD =
      Pattern.compile("^[\\s*_]*(?:(?i:option|choice|letter)\\b[\\s*_]*)?");
  private static final Pattern LETTER_ALONE = Pattern.compile("\\(([A-Z])\\)|([A-Z])[.):]?");
  private static final Pattern LETTER_LABEL =
      Pattern.compile("(?:\\(([A-Z])\\)|([A-Z])[.):])\\s.*", Pattern.DOTALL);
  private static final Pattern LEADING_PAREN_LETTER = Pattern.compile("^\\(([A-Z])\\)");
  private static final Pattern LEADING_LETTER = Pattern.compile("^([A-Z])(?![A-Za-z0-9'])");
  private static final Pattern ENGLISH_WORD_AFTER = Pattern.compile("^\\s+[a-z]");
  private static final Pattern BOLD =
      Pattern.compile("\\*\\*[ \\t]*(?:\\(([A-Z])\\)[^*\\n]*|([A-Z])[.):]?)[ \\t]*\\*\\*");
  private static final Pattern LINE =
      Pattern.compile("^[ \\t]*(?:\\(([A-Z])\\)|([A-Z])[.)]?)[ \\t]*$", Pattern.MULTILINE);

  private ChoiceAnswer() {}

  /**
   * The letter ({@code "B"}) of the option {@code response} picks among {@code options}, or null
   * when it picks none, or picks a letter beyond the options.
   */
  public static String extractLetter(String response, List<String> options) {
    Objects.requireNonNull(options, "options");
    if (response == null) {
      return null;
    }
    String region = answerRegion(response.replace("\r\n", "\n"));
    int index = lastBoxed(region, options);
    if (index == NONE) {
      index = lastPhrase(region, options);
    }
    if (index == NONE) {
      index = lastMarked(region);
    }
    return index == NONE || index >= options.size()
        ? null
        : String.valueOf(MultipleChoice.letter(index));
  }

  private static String answerRegion(String response) {
    int close = response.lastIndexOf("</think>");
    String region = close < 0 ? response : response.substring(close + "</think>".length());
    int open = region.indexOf("<think>");
    return open < 0 ? region : region.substring(0, open);
  }

  private static int lastBoxed(String region, List<String> options) {
    int found = NONE;
    Matcher box = BOX.matcher(region);
    int from = 0;
    while (from < region.length() && box.find(from)) {
      int open = box.end() - 1;
      int close = matchingBrace(region, open);
      if (close < 0) {
        break;
      }
      int index = fromFinalAnswer(region.substring(open + 1, close), options);
      if (index != NONE) {
        found = index;
      }
      from = box.end();
    }
    return found;
  }

  /** The index of the brace closing the one at {@code open}; -1 when it is never closed. */
  private static int matchingBrace(String text, int open) {
    int depth = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static int fromFinalAnswer(String answer, List<String> options) {
    String plain = OptionText.unwrap(answer).replace("**", "").replace("$", "").strip();
    Matcher letter = LETTER_ALONE.matcher(plain);
    if (!letter.matches()) {
      letter = LETTER_LABEL.matcher(plain);
    }
    if (letter.matches()) {
      return letterIndex(letter);
    }
    int text = OptionText.match(answer, options);
    return text >= 0 ? text : NONE;
  }

  private static int lastPhrase(String region, List<String> options) {
    int found = NONE;
    Matcher phrase = PHRASE.matcher(region);
    while (phrase.find()) {
      String rest = region.substring(phrase.end());
      Matcher lead = PHRASE_LEAD.matcher(rest);
      lead.lookingAt();
      int lineEnd = rest.indexOf('\n', lead.end());
      String line = rest.substring(lead.end(), lineEnd < 0 ? rest.length() : lineEnd);
      int index = fromPhraseTail(line, options);
      if (index != NONE) {
        found = index;
      }
    }
    return found;
  }

  private static int fromPhraseTail(String line, List<String> options) {
    String plain = OptionText.unwrap(line).replace("$", "").strip();
    Matcher paren = LEADING_PAREN_LETTER.matcher(plain);
    if (paren.find()) {
      return paren.group(1).charAt(0) - 'A';
    }
    Matcher bare = LEADING_LETTER.matcher(plain);
    if (bare.find()) {
      char letter = bare.group(1).charAt(0);
      boolean english =
          (letter == 'A' || letter == 'I')
              && ENGLISH_WORD_AFTER.matcher(plain.substring(bare.end())).find();
      if (!english) {
        return letter - 'A';
      }
    }
    int text = OptionText.match(line, options);
    return text >= 0 ? text : NONE;
  }

  private static int lastMarked(String region) {
    int found = NONE;
    int at = -1;
    for (Pattern pattern : List.of(BOLD, LINE)) {
      Matcher m = pattern.matcher(region);
      while (m.find()) {
        if (m.start() > at) {
          at = m.start();
          found = letterIndex(m);
        }
      }
    }
    return found;
  }

  private static int letterIndex(Matcher m) {
    String letter = m.group(1) != null ? m.group(1) : m.group(2);
    return letter.charAt(0) - 'A';
  }
}
