package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The options of a multiple-choice prompt: after a blank line, one line per option, {@code A)
 * text}, {@code B) text}, ... in letter order (at least two). When a prompt holds several such
 * blocks the last one counts: the client appends its options after the statement, which may itself
 * contain a list.
 */
record PromptOptions(List<String> texts) {
  static final PromptOptions NONE = new PromptOptions(List.of());

  private static final Pattern OPTION = Pattern.compile("^([A-Z])\\) (.*)$");

  PromptOptions {
    texts = List.copyOf(texts);
  }

  static PromptOptions find(String prompt) {
    String[] lines = prompt.split("\\R", -1);
    List<String> last = List.of();
    for (int i = 1; i < lines.length; i++) {
      if (!lines[i - 1].isBlank()) {
        continue;
      }
      List<String> block = new ArrayList<>();
      for (int j = i; j < lines.length; j++) {
        Matcher m = OPTION.matcher(lines[j]);
        if (!m.matches() || m.group(1).charAt(0) != letter(block.size())) {
          break;
        }
        block.add(m.group(2));
      }
      if (block.size() >= 2) {
        last = block;
        i += block.size() - 1;
      }
    }
    return last.isEmpty() ? NONE : new PromptOptions(last);
  }

  static char letter(int index) {
    return (char) ('A' + index);
  }

  /** The first option whose text equals {@code gold} (whitespace-normalised), or -1. */
  int indexOf(String gold) {
    String wanted = AnswerKey.normalize(gold);
    for (int i = 0; i < texts.size(); i++) {
      if (AnswerKey.normalize(texts.get(i)).equals(wanted)) {
        return i;
      }
    }
    return -1;
  }
}
