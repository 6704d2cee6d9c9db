package io.mathbeam.core.grading;

/** Brace matching over LaTeX source, skipping escaped braces. */
final class Braces {
  private Braces() {}

  /** Index of the brace closing the one at {@code open}, or -1 when unbalanced. */
  static int matching(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        i++;
        continue;
      }
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth == 0) {
          return i;
        }
      }
    }
    return -1;
  }
}
