package io.mathbeam.core.grading;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Numbers written in English words, as a model's last sentence sometimes gives its answer. */
final class NumberWords {
  private static final Map<String, Long> UNITS = new HashMap<>();
  private static final Map<String, Long> SCALES =
      Map.of("hundred", 100L, "thousand", 1_000L, "million", 1_000_000L, "billion", 1_000_000_000L);

  static {
    String[] small = {
      "zero",
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
      "nine",
      "ten",
      "eleven",
      "twelve",
      "thirteen",
      "fourteen",
      "fifteen",
      "sixteen",
      "seventeen",
      "eighteen",
      "nineteen"
    };
    for (int i = 0; i < small.length; i++) {
      UNITS.put(small[i], (long) i);
    }
    String[] tens = {"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"};
    for (int i = 0; i < tens.length; i++) {
      UNITS.put(tens[i], 20L + 10L * i);
    }
  }

  private static final Pattern WORD = Pattern.compile("[A-Za-z]+");
  private static final Pattern RUN;

  static {
    String alternatives =
        String.join("|", UNITS.keySet()) + "|" + String.join("|", SCALES.keySet());
    String word = "(?:" + alternatives + ")";
    RUN =
        Pattern.compile(
            "(?i)(?<![A-Za-z])" + word + "(?:(?:[\\s-]+|\\s+and\\s+)" + word + ")*(?![A-Za-z])");
  }

  private NumberWords() {}

  /**
   * A sentence that states a quantity: a verb of result, then within a few words the number (
   * {@code makes eighteen dollars}, {@code comes to thirty-five hours}, {@code is eighty}).
   */
  private static final Pattern STATEMENT =
      Pattern.compile(
          "(?i)\\b(?:is|are|was|were|makes?|made|comes?\\s+to|equals?|totals?|gets?|has|have"
              + "|earns?|needs?|costs?|takes?)\\s+(?:[A-Za-z$]+\\s+){0,3}$");

  /**
   * The last number written in words in {@code sentence} as digits, when the sentence states it as
   * a result; null otherwise ({@code one of the cases} is no answer).
   */
  static String last(String sentence) {
    Matcher m = RUN.matcher(sentence);
    String found = null;
    int start = -1;
    while (m.find()) {
      found = m.group();
      start = m.start();
    }
    if (found == null
        || found.equalsIgnoreCase("one")
        || found.equalsIgnoreCase("zero")
        || !STATEMENT.matcher(sentence.substring(0, start)).find()) {
      return null;
    }
    long total = 0;
    long current = 0;
    Matcher w = WORD.matcher(found.toLowerCase(Locale.ROOT));
    while (w.find()) {
      String word = w.group();
      if (UNITS.containsKey(word)) {
        current += UNITS.get(word);
      } else if (word.equals("hundred")) {
        current = Math.max(1, current) * 100;
      } else if (SCALES.containsKey(word)) {
        total += Math.max(1, current) * SCALES.get(word);
        current = 0;
      }
    }
    return Long.toString(total + current);
  }
}
