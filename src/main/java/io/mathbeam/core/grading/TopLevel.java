package io.mathbeam.core.grading;

/** Counting the items of a comma list outside any brackets, braces or parentheses. */
final class TopLevel {
  private TopLevel() {}

  /** The items of a list, or of a tuple that is the whole answer ({@code (2,-1)} has 2). */
  static int parts(String s) {
    String t = s.strip();
    int items = items(t);
    if (items == 1 && t.startsWith("(") && t.endsWith(")") && closes(t) == t.length() - 1) {
      return items(t.substring(1, t.length() - 1));
    }
    return items;
  }

  /** How many comma-separated items {@code s} lists at its top level (1 for no comma). */
  static int items(String s) {
    int depth = 0;
    int items = 1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth = Math.max(0, depth - 1);
      } else if (c == ',' && depth == 0 && !(i > 0 && s.charAt(i - 1) == '{')) {
        items++;
      }
    }
    return items;
  }

  /** Where the parenthesis that opens {@code s} closes, or -1. */
  private static int closes(String s) {
    int depth = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }
}
