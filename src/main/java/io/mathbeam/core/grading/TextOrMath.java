package io.mathbeam.core.grading;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Tells a normalized answer written in words from one written as mathematics. */
final class TextOrMath {
  private static final Set<String> WORD_FUNCTIONS = Set.of("sqrt", "pi");
  private static final Pattern WORDY = Pattern.compile("(?<![\\\\a-zA-Z])[a-zA-Z]{3,}");
  private static final Pattern ENVIRONMENT = Pattern.compile("\\\\(?:begin|end)\\{[a-zA-Z*]*\\}");
  private static final Pattern CAMEL = Pattern.compile("[a-z][A-Z]");
  private static final Pattern SUBSCRIPT = Pattern.compile("_\\{[^{}]*\\}");

  private TextOrMath() {}

  /**
   * Whether {@code s} is words: a letter outside ASCII, or a run of three letters or more that is
   * not a function name nor has a capital after a small letter, outside environment names and
   * subscripts, in an answer without powers, fractions or roots.
   */
  static boolean isText(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isLetter(s.charAt(i)) && s.charAt(i) > 127) {
        return true;
      }
    }
    if (!hasWord(s)) {
      return false;
    }
    if (s.indexOf('^') >= 0 || s.contains("\\frac") || s.contains("\\sqrt")) {
      // Powers, fractions and roots are mathematics: RCs and LCs^2 are products of variables.
      return false;
    }
    String words = s.indexOf('\\') >= 0 ? ENVIRONMENT.matcher(s).replaceAll(" ") : s;
    if (words.indexOf('_') >= 0) {
      words = SUBSCRIPT.matcher(words).replaceAll(" ");
    }
    var m = WORDY.matcher(words);
    while (m.find()) {
      if (CAMEL.matcher(m.group()).find()) {
        // rVc, aBc: a capital after a small letter is no word's spelling, but variables side by
        // side (the product r V c)
        continue;
      }
      String word = m.group().toLowerCase(Locale.ROOT);
      if (!AnswerParser.FUNCTIONS.contains(word) && !WORD_FUNCTIONS.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code s} has three ASCII letters in a row (a cheap test before the regex). */
  private static boolean hasWord(String s) {
    int run = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      run = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ? run + 1 : 0;
      if (run >= 3) {
        return true;
      }
    }
    return false;
  }
}
