package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Broken versions of a code problem's reference solution, for the samples of the simulated model
 * that do not solve it. Each one edits only the body of the function under test (after its
 * signature and docstring), so the code still defines that function and a test harness gets as far
 * as calling it.
 */
final class CodeMutations {
  private static final String HANG = "while True:\n%1$s    pass\n";
  private static final String RAISE = "raise ValueError(\"unsupported input\")\n";
  private static final String RETURN_NONE = "return None\n";

  /** A comparison operator of the body and its place. */
  private record Site(int at, String text, String replacement) {}

  private CodeMutations() {}

  /**
   * Where the body of the function under test starts in {@code reference}: just after {@code
   * statement} when the reference begins with it (HumanEval: prompt, then canonical body), else
   * after the header line of the last top-level {@code def}; 0 when there is no function.
   */
  static int bodyStart(String statement, String reference) {
    if (!statement.isEmpty() && reference.startsWith(statement)) {
      return statement.length();
    }
    int def = reference.startsWith("def ") ? 0 : reference.lastIndexOf("\ndef ") + 1;
    if (def < 0 || !reference.startsWith("def ", def)) {
      return 0;
    }
    int depth = 0;
    for (int i = def; i < reference.length(); i++) {
      char c = reference.charAt(i);
      if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        depth--;
      } else if (c == ':' && depth == 0) {
        int lineEnd = reference.indexOf('\n', i);
        return lineEnd < 0 ? reference.length() : lineEnd + 1;
      }
    }
    return 0;
  }

  /** The reference with {@code while True: pass} as the first statement of the body. */
  static String hanging(String reference, int bodyStart) {
    return insertFirst(reference, bodyStart, HANG);
  }

  /** The reference with a {@code raise} as the first statement of the body. */
  static String raising(String reference, int bodyStart) {
    return insertFirst(reference, bodyStart, RAISE);
  }

  /**
   * Code that runs but computes wrong results: one comparison of the body flipped ({@code <} to
   * {@code >=}, {@code ==} to {@code !=}, ...), the stop of a {@code range(...)} made one smaller,
   * or {@code return None} before the body, picked by {@code rng} among those the body allows. Code
   * without a function (nothing to return from) and without any comparison or range raises instead.
   */
  static String wrong(String reference, int bodyStart, SplittableRandom rng) {
    boolean[] code = codeMask(reference, bodyStart);
    List<Site> sites = comparisons(reference, code);
    sites.addAll(rangeStops(reference, code));
    boolean inFunction = bodyStart > 0;
    int choices = sites.size() + (inFunction ? 1 : 0);
    if (choices == 0) {
      return raising(reference, bodyStart);
    }
    int pick = rng.nextInt(choices);
    if (pick == sites.size()) {
      return insertFirst(reference, bodyStart, RETURN_NONE);
    }
    Site site = sites.get(pick);
    return reference.substring(0, site.at())
        + site.replacement()
        + reference.substring(site.at() + site.text().length());
  }

  /** Inserts {@code statement} before the first non-blank line of the body, at its indentation. */
  private static String insertFirst(String reference, int bodyStart, String statement) {
    int line = bodyStart;
    while (line < reference.length()) {
      int end = reference.indexOf('\n', line);
      end = end < 0 ? reference.length() : end;
      if (!reference.substring(line, end).isBlank()) {
        break;
      }
      line = end + 1;
    }
    line = Math.min(line, reference.length());
    int indentEnd = line;
    while (indentEnd < reference.length()
        && (reference.charAt(indentEnd) == ' ' || reference.charAt(indentEnd) == '\t')) {
      indentEnd++;
    }
    String indent = reference.substring(line, indentEnd);
    String prefix = reference.substring(0, line);
    if (!prefix.isEmpty() && !prefix.endsWith("\n")) {
      prefix += "\n";
    }
    return prefix + indent + String.format(statement, indent) + reference.substring(line);
  }

  private static List<Site> comparisons(String text, boolean[] code) {
    List<Site> sites = new ArrayList<>();
    for (int i = 0; i < text.length() - 1; i++) {
      if (!code[i]) {
        continue;
      }
      char c = text.charAt(i);
      char next = text.charAt(i + 1);
      char prev = i > 0 ? text.charAt(i - 1) : ' ';
      if ((c == '<' || c == '>') && next == c) {
        i += 2; // a shift, maybe a shift-assignment
      } else if (c == '>' && prev == '-') {
        continue; // a return annotation
      } else if ((c == '<' || c == '>') && next == '=') {
        sites.add(new Site(i, c + "=", c == '<' ? ">" : "<"));
        i++;
      } else if (c == '<' || c == '>') {
        sites.add(new Site(i, String.valueOf(c), c == '<' ? ">=" : "<="));
      } else if ((c == '=' || c == '!') && next == '=') {
        sites.add(new Site(i, c + "=", c == '=' ? "!=" : "=="));
        i++;
      } else if (c == '=' || c == '!' || c == '*' || c == '/') {
        // assignments and augmented assignments are not comparisons; skip their '='
        i += next == '=' ? 1 : 0;
      }
    }
    return sites;
  }

  /** The stop argument of each {@code range(...)} call, to be made one smaller. */
  private static List<Site> rangeStops(String text, boolean[] code) {
    List<Site> sites = new ArrayList<>();
    int from = 0;
    int at;
    while ((at = text.indexOf("range(", from)) >= 0) {
      from = at + 1;
      if (!code[at] || (at > 0 && Character.isJavaIdentifierPart(text.charAt(at - 1)))) {
        continue;
      }
      int open = at + "range".length();
      List<Integer> commas = new ArrayList<>();
      int depth = 0;
      int close = -1;
      for (int i = open; i < text.length() && close < 0; i++) {
        if (!code[i]) {
          continue;
        }
        char c = text.charAt(i);
        if (c == '(' || c == '[' || c == '{') {
          depth++;
        } else if (c == ')' || c == ']' || c == '}') {
          depth--;
          close = depth == 0 ? i : -1;
        } else if (c == ',' && depth == 1) {
          commas.add(i);
        }
      }
      if (close < 0) {
        continue;
      }
      int stopEnd = commas.isEmpty() ? close : commas.size() == 1 ? close : commas.get(1);
      while (stopEnd > open + 1 && Character.isWhitespace(text.charAt(stopEnd - 1))) {
        stopEnd--;
      }
      sites.add(new Site(stopEnd, "", " - 1"));
    }
    return sites;
  }

  /** Which characters from {@code from} on are code, not strings or comments. */
  private static boolean[] codeMask(String text, int from) {
    boolean[] code = new boolean[text.length()];
    int i = from;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '#') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
      } else if (c == '\'' || c == '"') {
        String quote = text.startsWith(String.valueOf(c).repeat(3), i) ? "" + c + c + c : "" + c;
        int j = i + quote.length();
        while (j < text.length() && !text.startsWith(quote, j)) {
          j += text.charAt(j) == '\\' ? 2 : 1;
        }
        i = Math.min(text.length(), j + quote.length());
      } else {
        code[i] = true;
        i++;
      }
    }
    return code;
  }
}
