package io.mathbeam.pipelines.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a flag string the way a POSIX shell splits words ({@code --vllmArgs="--max-model-len 40960
 * --chat-template '/a b/t.jinja'"}): blanks separate words, single quotes keep everything, double
 * quotes keep everything but {@code \"} and {@code \\}, a backslash outside quotes keeps the next
 * character. No expansion of any kind.
 */
public final class ShellWords {
  private ShellWords() {}

  /**
   * @throws IllegalArgumentException on an unclosed quote or a trailing backslash
   */
  public static List<String> split(String text) {
    List<String> words = new ArrayList<>();
    if (text == null) {
      return words;
    }
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
        continue;
      }
      inWord = true;
      if (c == '\'') {
        int end = text.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unclosed ' in: " + text);
        }
        word.append(text, i + 1, end);
        i = end;
      } else if (c == '"') {
        i++;
        while (i < text.length() && text.charAt(i) != '"') {
          char d = text.charAt(i);
          if (d == '\\'
              && i + 1 < text.length()
              && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\\')) {
            i++;
            d = text.charAt(i);
          }
          word.append(d);
          i++;
        }
        if (i >= text.length()) {
          throw new IllegalArgumentException("unclosed \" in: " + text);
        }
      } else if (c == '\\') {
        if (i + 1 >= text.length()) {
          throw new IllegalArgumentException("trailing \\ in: " + text);
        }
        word.append(text.charAt(++i));
      } else {
        word.append(c);
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
