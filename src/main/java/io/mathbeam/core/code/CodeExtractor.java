package io.mathbeam.core.code;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the program in a model's response.
 *
 * <ol>
 *   <li>A reasoning part is dropped first: the text up to the last {@code </think>}; when a {@code
 *       <think>} was opened and never closed, the model never answered and only the text before it
 *       counts.
 *   <li>Fenced Markdown blocks: the last one whose info string is {@code python}, {@code py} or
 *       {@code python3}, else the last one without an info string. A last fence that is never
 *       closed (the response was cut off) runs to the end. Fences may be indented (inside a list
 *       item); that indentation is removed from the block's lines, as CommonMark does.
 *   <li>Without fences, the whole response when it reads as Python rather than prose: base models
 *       continue a HumanEval prompt with a raw, indented function body.
 * </ol>
 *
 * Responses with only prose, or only fenced blocks in other languages, have no program: {@code
 * null}.
 */
public final class CodeExtractor {
  private static final String THINK_OPEN = "<think>";
  private static final String THINK_CLOSE = "</think>";
  private static final Set<String> PYTHON_INFO = Set.of("python", "py", "python3");

  /** An opening fence: indentation, three or more backticks or tildes, the info string. */
  private static final Pattern OPENING = Pattern.compile("^( *)(`{3,}|~{3,})\\s*([^`]*)$");

  /**
   * The first line of a raw completion that makes it code: an indented line (a function body), a
   * statement keyword, a decorator or comment, an assignment, or a call.
   */
  private static final Pattern CODE_START =
      Pattern.compile(
          "^(?:[ \\t]+\\S"
              + "|(?:def|class|import|from|return|for|while|if|try|with|async|assert|raise"
              + "|lambda|yield)\\b"
              + "|[@#]"
              + "|[A-Za-z_][\\w.]*(?:\\[[^\\]]*\\])?\\s*(?:[-+*/%|&^]|//|\\*\\*)?=[^=]"
              + "|[A-Za-z_][\\w.]*\\()");

  private CodeExtractor() {}

  /** The program in {@code response}, or null when it has none. */
  public static String extract(String response) {
    if (response == null) {
      return null;
    }
    String text = withoutReasoning(response.replace("\r\n", "\n").replace('\r', '\n'));
    List<Block> blocks = fencedBlocks(text);
    if (!blocks.isEmpty()) {
      Block chosen = last(blocks, true);
      if (chosen == null) {
        chosen = last(blocks, false);
      }
      return chosen == null ? null : chosen.code();
    }
    return looksLikeCode(text)
        ? stripTrailingBlankLines(text.replaceFirst("^(?:[ \\t]*\n)+", ""))
        : null;
  }

  /**
   * The code of the python block {@code text} ends inside, or null when it does not end inside one:
   * tool-integrated reasoning stops generation at a block's closing fence and runs it. The
   * reasoning is kept, since such models write their code while thinking.
   */
  public static String openPythonBlock(String text) {
    List<Block> blocks = fencedBlocks(text.replace("\r\n", "\n"));
    if (blocks.isEmpty()) {
      return null;
    }
    Block last = blocks.get(blocks.size() - 1);
    boolean open = !last.closed() && PYTHON_INFO.contains(last.language());
    return open && !last.code().isBlank() ? last.code() : null;
  }

  static String withoutReasoning(String text) {
    int close = text.lastIndexOf(THINK_CLOSE);
    if (close >= 0) {
      return text.substring(close + THINK_CLOSE.length());
    }
    int open = text.indexOf(THINK_OPEN);
    return open >= 0 ? text.substring(0, open) : text;
  }

  private static Block last(List<Block> blocks, boolean python) {
    for (int i = blocks.size() - 1; i >= 0; i--) {
      Block b = blocks.get(i);
      boolean wanted = python ? PYTHON_INFO.contains(b.language()) : b.language().isEmpty();
      if (wanted && !b.code().isBlank()) {
        return b;
      }
    }
    return null;
  }

  private static List<Block> fencedBlocks(String text) {
    List<Block> blocks = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    int i = 0;
    while (i < lines.length) {
      Matcher open = OPENING.matcher(lines[i]);
      if (!open.matches() || open.group(1).length() > 3) {
        i++;
        continue;
      }
      int indent = open.group(1).length();
      String fence = open.group(2);
      String language = firstWord(open.group(3));
      StringBuilder code = new StringBuilder();
      i++;
      while (i < lines.length && !closes(lines[i], fence)) {
        code.append(dedent(lines[i], indent)).append('\n');
        i++;
      }
      boolean closed = i < lines.length;
      i++; // past the closing fence, or past the end when it was never closed
      blocks.add(new Block(language, stripTrailingBlankLines(code.toString()), closed));
    }
    return blocks;
  }

  private static boolean closes(String line, String fence) {
    String t = line.strip();
    if (t.length() < fence.length() || line.length() - line.stripLeading().length() > 3) {
      return false;
    }
    char c = fence.charAt(0);
    for (int k = 0; k < t.length(); k++) {
      if (t.charAt(k) != c) {
        return false;
      }
    }
    return true;
  }

  private static String firstWord(String info) {
    // "python title=x.py" and pandoc's "{.python}" both name the language first
    String t = info.strip().toLowerCase(Locale.ROOT).replaceFirst("^\\{\\s*\\.?", "");
    int end = 0;
    while (end < t.length() && !Character.isWhitespace(t.charAt(end)) && t.charAt(end) != '}') {
      end++;
    }
    return t.substring(0, end);
  }

  private static String dedent(String line, int indent) {
    int k = 0;
    while (k < indent && k < line.length() && line.charAt(k) == ' ') {
      k++;
    }
    return line.substring(k);
  }

  private static boolean looksLikeCode(String text) {
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        return CODE_START.matcher(line).find();
      }
    }
    return false;
  }

  private static String stripTrailingBlankLines(String code) {
    int end = code.length();
    while (end > 0 && Character.isWhitespace(code.charAt(end - 1))) {
      end--;
    }
    return end == 0 ? "" : code.substring(0, end) + "\n";
  }

  private record Block(String language, String code, boolean closed) {}
}
