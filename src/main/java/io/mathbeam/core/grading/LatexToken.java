package io.mathbeam.core.grading;

/**
 * One token of an answer.
 *
 * @param kind what the token is
 * @param text digits for numbers, the letters for words, the name without backslash for commands,
 *     the character for symbols
 * @param spaceBefore whether whitespace preceded it
 */
record LatexToken(Kind kind, String text, boolean spaceBefore) {
  enum Kind {
    NUMBER,
    WORD,
    COMMAND,
    SYMBOL,
    END
  }

  boolean isSymbol(String t) {
    return kind == Kind.SYMBOL && text.equals(t);
  }

  boolean isCommand(String t) {
    return kind == Kind.COMMAND && text.equals(t);
  }
}
