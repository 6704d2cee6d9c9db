package io.mathbeam.core.choice;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Matches a response's final answer text against option texts, ignoring presentation. */
final class OptionText {
  private static final Pattern WRAPPER =
      Pattern.compile(
          "\\\\(?:text|textbf|textrm|textit|textnormal|mathrm|mathbf|mathit|mbox)"
              + "\\s*\\{([^{}]*)\\}");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private OptionText() {}

  /** {@code \text{B}} is {@code B}; nested wrappers are removed from the inside out. */
  static String unwrap(String text) {
    String previous;
    String current = text;
    do {
      previous = current;
      current = WRAPPER.matcher(current).replaceAll("$1");
    } while (!current.equals(previous));
    return current;
  }

  /**
   * Trimmed, whitespace collapsed, bold markers, surrounding {@code $...$} and a trailing period
   * removed, lower-cased.
   */
  static String normalize(String text) {
    String s = SPACES.matcher(text.replace("**", "")).replaceAll(" ").strip();
    boolean changed = true;
    while (changed && !s.isEmpty()) {
      changed = false;
      if (s.endsWith(".")) {
        s = s.substring(0, s.length() - 1).strip();
        changed = true;
      }
      if (s.length() >= 2 && s.startsWith("$") && s.endsWith("$")) {
        s = s.substring(1, s.length() - 1).strip();
        changed = true;
      }
    }
    return s.toLowerCase(Locale.ROOT);
  }

  /** The index of the one option whose normalized text equals that of {@code answer}, else -1. */
  static int match(String answer, List<String> options) {
    String wanted = normalize(answer);
    if (wanted.isEmpty()) {
      return -1;
    }
    String unwrapped = normalize(unwrap(answer));
    int found = -1;
    for (int i = 0; i < options.size(); i++) {
      String option = normalize(options.get(i));
      String plainOption = normalize(unwrap(options.get(i)));
      if (option.equals(wanted) || plainOption.equals(unwrapped)) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
    }
    return found;
  }
}
