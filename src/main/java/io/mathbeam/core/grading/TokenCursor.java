package io.mathbeam.core.grading;

import io.mathbeam.core.grading.LatexToken.Kind;
import java.util.List;

/**
 * Keeps the answer parser's place in an answer's tokens and the nesting it is inside, and looks
 * ahead for its grammar.
 */
final class TokenCursor {
  private static final int MAX_DEPTH = 150;

  private final List<LatexToken> tokens;
  private int pos;
  private int depth;
  private int barDepth;

  /** A cursor at the first of {@code tokens}, a mutable list that ends with an END token. */
  TokenCursor(List<LatexToken> tokens) {
    this.tokens = tokens;
  }

  LatexToken peek() {
    return tokens.get(pos);
  }

  /** The current token, stepping past it unless it is the END token. */
  LatexToken next() {
    LatexToken t = tokens.get(pos);
    if (t.kind() != Kind.END) {
      pos++;
    }
    return t;
  }

  void expectSymbol(String symbol) throws AnswerParseException {
    LatexToken t = next();
    if (!t.isSymbol(symbol)) {
      throw new AnswerParseException("expected '" + symbol + "' but found '" + t.text() + "'");
    }
  }

  /** Puts {@code t} before the current token: the rest of a token the parser took a part of. */
  void pushBack(LatexToken t) {
    tokens.add(pos, t);
  }

  /** One grammar level deeper; past the limit, a {@link GradingLimitException}. */
  void enter() {
    if (++depth > MAX_DEPTH) {
      throw new GradingLimitException("nesting deeper than " + MAX_DEPTH);
    }
  }

  void leave() {
    depth--;
  }

  /** How many {@code |...|} (or {@code \lvert ... \rvert}) bars the parser is inside. */
  int barDepth() {
    return barDepth;
  }

  void enterBars() {
    barDepth++;
  }

  void leaveBars() {
    barDepth--;
  }

  /** Sets the bar depth: 0 inside brackets, where a bar opens a new {@code |...|}. */
  void setBarDepth(int barDepth) {
    this.barDepth = barDepth;
  }

  /** Whether the group after {@code \\overline} holds a number: a conjugate, not a segment. */
  boolean conjugateAhead() {
    int level = 0;
    for (int i = pos; i < tokens.size(); i++) {
      LatexToken t = tokens.get(i);
      if (t.isSymbol("{")) {
        level++;
      } else if (t.isSymbol("}") && --level == 0) {
        return false;
      } else if (t.kind() == Kind.NUMBER) {
        return true;
      }
    }
    return false;
  }

  /**
   * After {@code P}, an upper-case function name when its arguments are single letters or numbers
   * ({@code P(A)}, {@code T(10)}); {@code A(1-i)} is a product.
   */
  boolean simpleArguments() {
    int i = pos + 1;
    while (i < tokens.size()) {
      LatexToken t = tokens.get(i);
      if (t.isSymbol(")")) {
        return i > pos + 1;
      }
      boolean single = t.kind() == Kind.NUMBER || t.kind() == Kind.WORD && t.text().length() == 1;
      if (!single && !t.isSymbol(",") && !(t.isSymbol("-") && i == pos + 1)) {
        return false;
      }
      i++;
    }
    return false;
  }

  /** After {@code p}: {@code p(x) =}, a lower-case letter defining a function of one letter. */
  boolean namesFunction() {
    return pos + 3 < tokens.size()
        && tokens.get(pos + 1).kind() == Kind.WORD
        && tokens.get(pos + 1).text().length() == 1
        && tokens.get(pos + 2).isSymbol(")")
        && tokens.get(pos + 3).isSymbol("=")
        && pos == 1;
  }
}
