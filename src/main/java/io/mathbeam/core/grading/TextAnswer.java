package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Text;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An answer that is a word wrapped whole in a text command: {@code \text{no}}, {@code
 * $\textbf{Odd}$}.
 */
final class TextAnswer {
  private static final Pattern WRAPPED_WORD =
      Pattern.compile(
          "^\\$?\\s*\\\\(?:text|textbf|textit|textrm|textnormal|mathrm|mbox)\\s*\\{\\s*([A-Za-z][A-Za-z ]*)"
              + "\\.?\\s*\\}\\s*\\.?\\s*\\$?$");

  private TextAnswer() {}

  /** The words, or null when {@code answer} is not one wrapped word or phrase. */
  static Text of(String answer) {
    if (answer == null || answer.indexOf('\\') < 0) {
      return null;
    }
    Matcher m = WRAPPED_WORD.matcher(answer.strip());
    return m.matches() ? new Text(m.group(1).strip()) : null;
  }
}
