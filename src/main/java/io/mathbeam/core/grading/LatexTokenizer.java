package io.mathbeam.core.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Splits a normalized answer into {@link LatexToken}s. */
final class LatexTokenizer {
  private static final Pattern NUMBER =
      Pattern.compile("(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+(?![a-zA-Z]))?");
  private static final String SYMBOLS = "+-*/^_()[]{},=<>!|'&;:";

  private LatexTokenizer() {}

  static List<LatexToken> tokenize(String s) throws AnswerParseException {
    List<LatexToken> tokens = new ArrayList<>();
    Matcher number = NUMBER.matcher(s);
    int i = 0;
    boolean space = false;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        space = true;
        i++;
        continue;
      }
      if (c >= '0' && c <= '9'
          || c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
        number.region(i, s.length());
        if (!number.lookingAt()) {
          throw new AnswerParseException("bad number at " + i);
        }
        tokens.add(new LatexToken(LatexToken.Kind.NUMBER, number.group(), space));
        i = number.end();
      } else if (isAsciiLetter(c)) {
        int end = i;
        while (end < s.length() && isAsciiLetter(s.charAt(end))) {
          end++;
        }
        tokens.add(new LatexToken(LatexToken.Kind.WORD, s.substring(i, end), space));
        i = end;
      } else if (c == '\\') {
        int end = i + 1;
        while (end < s.length() && isAsciiLetter(s.charAt(end))) {
          end++;
        }
        if (end == i + 1) {
          if (end >= s.length()) {
            throw new AnswerParseException("dangling backslash");
          }
          end++;
        }
        tokens.add(new LatexToken(LatexToken.Kind.COMMAND, s.substring(i + 1, end), space));
        i = end;
      } else if (SYMBOLS.indexOf(c) >= 0) {
        tokens.add(new LatexToken(LatexToken.Kind.SYMBOL, String.valueOf(c), space));
        i++;
      } else {
        throw new AnswerParseException("unexpected character '" + c + "'");
      }
      space = false;
    }
    tokens.add(new LatexToken(LatexToken.Kind.END, "", space));
    return tokens;
  }

  private static boolean isAsciiLetter(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }
}
