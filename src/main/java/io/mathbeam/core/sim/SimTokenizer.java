package io.mathbeam.core.sim;

import java.util.Arrays;

/**
 * The simulator's deterministic tokenizer model, roughly one token per four characters of English
 * like a BPE vocabulary:
 *
 * <ul>
 *   <li>a run of letters is one token per started four letters; a single space before it belongs to
 *       its first token;
 *   <li>a run of digits is one token per started three digits (same leading-space rule);
 *   <li>a run of whitespace is one token;
 *   <li>{@code <think>}, {@code </think>} and {@code <|name|>} are one token each;
 *   <li>any other character is one token.
 * </ul>
 *
 * Token ids are a stable hash of the token's text. Used for prompt lengths, {@code /tokenize},
 * output lengths and truncation.
 */
public final class SimTokenizer {
  private static final int VOCAB = 151_000;
  private static final String THINK_OPEN = "<think>";
  private static final String THINK_CLOSE = "</think>";

  private SimTokenizer() {}

  /** Number of tokens in {@code text}. */
  public static int count(String text) {
    return tokenEnds(text).length;
  }

  /** End offset (exclusive) of every token, in order. */
  public static int[] tokenEnds(String text) {
    int[] ends = new int[Math.max(8, text.length() / 3)];
    int count = 0;
    int i = 0;
    int n = text.length();
    while (i < n) {
      int start = i;
      char c = text.charAt(i);
      int special = specialLength(text, i);
      if (special > 0) {
        i += special;
        ends = append(ends, count++, i);
        continue;
      }
      if (c == ' ' && i + 1 < n && Character.isLetterOrDigit(text.charAt(i + 1))) {
        i++;
        c = text.charAt(i);
      }
      if (Character.isLetter(c) || Character.isDigit(c)) {
        boolean letters = Character.isLetter(c);
        int chunk = letters ? 4 : 3;
        int j = i;
        while (j < n && (letters ? Character.isLetter(text.charAt(j)) : isDigit(text.charAt(j)))) {
          j++;
        }
        for (int k = i + chunk; k < j; k += chunk) {
          ends = append(ends, count++, k);
        }
        ends = append(ends, count++, j);
        i = j;
      } else if (Character.isWhitespace(c)) {
        int j = i;
        while (j < n && Character.isWhitespace(text.charAt(j))) {
          j++;
        }
        i = j;
        ends = append(ends, count++, i);
      } else {
        i = start + Character.charCount(text.codePointAt(start));
        ends = append(ends, count++, i);
      }
    }
    return Arrays.copyOf(ends, count);
  }

  /** Token ids of {@code text} (a stable hash of each token's text). */
  public static int[] tokenIds(String text) {
    int[] ends = tokenEnds(text);
    int[] ids = new int[ends.length];
    int start = 0;
    for (int t = 0; t < ends.length; t++) {
      ids[t] = Math.floorMod(text.substring(start, ends[t]).hashCode() * 0x9E3779B1, VOCAB);
      start = ends[t];
    }
    return ids;
  }

  /** The longest prefix of {@code text} that has at most {@code maxTokens} tokens. */
  public static String truncate(String text, int maxTokens) {
    int[] ends = tokenEnds(text);
    if (ends.length <= maxTokens) {
      return text;
    }
    return maxTokens <= 0 ? "" : text.substring(0, ends[maxTokens - 1]);
  }

  private static boolean isDigit(char c) {
    return Character.isDigit(c);
  }

  private static int specialLength(String text, int i) {
    if (text.charAt(i) != '<') {
      return 0;
    }
    if (text.startsWith(THINK_OPEN, i)) {
      return THINK_OPEN.length();
    }
    if (text.startsWith(THINK_CLOSE, i)) {
      return THINK_CLOSE.length();
    }
    if (i + 1 < text.length() && text.charAt(i + 1) == '|') {
      int end = text.indexOf("|>", i + 2);
      if (end > i + 2 && end - i <= 42 && text.substring(i + 2, end).indexOf('<') < 0) {
        return end + 2 - i;
      }
    }
    return 0;
  }

  private static int[] append(int[] ends, int index, int value) {
    if (index == ends.length) {
      ends = Arrays.copyOf(ends, ends.length * 2);
    }
    ends[index] = value;
    return ends;
  }
}
