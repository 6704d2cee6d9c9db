package io.mathbeam.core.choice;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The options of a multiple-choice problem in the order shown to the model, and which one is
 * correct. Option {@code i} is labelled with the letter {@code 'A' + i}.
 *
 * @param options 2 to 26 non-blank option texts (copied)
 * @param goldIndex the 0-based index of the correct option
 */
public record MultipleChoice(List<String> options, int goldIndex) implements Serializable {
  public static final int MIN_OPTIONS = 2;
  public static final int MAX_OPTIONS = 26;

  private static final Pattern LINE_BREAK = Pattern.compile("\\s*\\R\\s*");

  public MultipleChoice {
    checkOptions(options);
    options = List.copyOf(options);
    if (goldIndex < 0 || goldIndex >= options.size()) {
      throw new ChoiceFormatException(
          "gold index " + goldIndex + " is out of range: " + describeIndexes(options.size()));
    }
  }

  /** The letter of option {@code index}: {@code 'A' + index}. */
  public static char letter(int index) {
    if (index < 0 || index >= MAX_OPTIONS) {
      throw new IllegalArgumentException("no letter for option index " + index);
    }
    return (char) ('A' + index);
  }

  /** The letter of the correct option, e.g. {@code "B"}. */
  public String goldLetter() {
    return String.valueOf(letter(goldIndex));
  }

  /** The text of the correct option. */
  public String goldOption() {
    return options.get(goldIndex);
  }

  /**
   * The same options in an order that depends only on {@code seed} (a Fisher-Yates shuffle driven
   * by SplitMix64, the same on every JVM and release); the gold index follows its option.
   */
  public MultipleChoice shuffled(long seed) {
    int n = options.size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    SplitMix64 random = new SplitMix64(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int swap = order[i];
      order[i] = order[j];
      order[j] = swap;
    }
    List<String> shuffled = new ArrayList<>(n);
    int gold = -1;
    for (int i = 0; i < n; i++) {
      shuffled.add(options.get(order[i]));
      if (order[i] == goldIndex) {
        gold = i;
      }
    }
    return new MultipleChoice(shuffled, gold);
  }

  /**
   * The prompt text: {@code problem}, a blank line, then one line {@code "A) option"} per option
   * joined by newlines (no trailing newline). A line break inside an option is written as a space
   * so that every option stays on its own line.
   */
  public String render(String problem) {
    Objects.requireNonNull(problem, "problem");
    StringBuilder out = new StringBuilder(problem).append("\n\n");
    for (int i = 0; i < options.size(); i++) {
      if (i > 0) {
        out.append('\n');
      }
      out.append(letter(i)).append(") ").append(LINE_BREAK.matcher(options.get(i)).replaceAll(" "));
    }
    return out.toString();
  }

  /**
   * The 0-based index of the option that a row's gold {@code answer} names. The answer may be an
   * integral number (a 0-based index); a string that is a letter ({@code B}, {@code (B)}, {@code
   * B)}, {@code B.}); or a string equal to one option's text (both trimmed; case-sensitive first,
   * then case-insensitive). A Jackson {@code JsonNode} of those kinds, or a one-element list of
   * one, is read the same way. A numeric string is option text, never an index.
   *
   * @throws ChoiceFormatException when the options are unusable or the answer names no single
   *     option; the message says what was wrong
   */
  public static int goldIndexOf(Object answer, List<String> options) {
    checkOptions(options);
    return GoldAnswer.indexOf(answer, Collections.unmodifiableList(options));
  }

  static void checkOptions(List<String> options) {
    if (options == null) {
      throw new ChoiceFormatException("the options are missing");
    }
    if (options.size() < MIN_OPTIONS || options.size() > MAX_OPTIONS) {
      throw new ChoiceFormatException(
          "there are "
              + options.size()
              + " options; a multiple-choice problem needs "
              + MIN_OPTIONS
              + " to "
              + MAX_OPTIONS);
    }
    for (int i = 0; i < options.size(); i++) {
      String option = options.get(i);
      if (option == null || option.isBlank()) {
        throw new ChoiceFormatException(
            "option " + letter(i) + " is " + (option == null ? "missing" : "blank"));
      }
    }
  }

  /** "there are 4 options (0-3)". */
  static String describeIndexes(int count) {
    return "there are " + count + " options (0-" + (count - 1) + ")";
  }

  /** "there are 4 (A-D)". */
  static String describeLetters(int count) {
    return "there are " + count + " (A-" + letter(count - 1) + ")";
  }
}
