package io.mathbeam.core.sim;

import io.mathbeam.core.judge.JudgePrompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reference answers and the candidate answer that a judge prompt asks about: the text after
 * {@link JudgePrompt#GOLD_LINE} (several golds joined with " or ") and after {@link
 * JudgePrompt#ANSWER_LINE}, each up to the end of its line. The last such lines count, since the
 * default template puts them after the problem statement.
 */
record JudgeQuestion(List<String> golds, String answer) {

  /** The question in {@code prompt}, or empty when either line is missing. */
  static Optional<JudgeQuestion> find(String prompt) {
    String gold = lastLine(prompt, JudgePrompt.GOLD_LINE);
    String answer = answerIn(prompt);
    if (gold == null || answer == null) {
      return Optional.empty();
    }
    List<String> golds = new ArrayList<>();
    for (String g : gold.split(" or ")) {
      if (!g.isBlank()) {
        golds.add(g.strip());
      }
    }
    if (golds.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new JudgeQuestion(List.copyOf(golds), answer));
  }

  /** The candidate answer {@code prompt} names, or null when it has no answer line. */
  static String answerIn(String prompt) {
    String answer = lastLine(prompt, JudgePrompt.ANSWER_LINE);
    return answer == null ? null : answer.strip();
  }

  private static String lastLine(String prompt, String start) {
    String found = null;
    for (String line : prompt.split("\\R", -1)) {
      if (line.startsWith(start)) {
        found = line.substring(start.length());
      }
    }
    return found;
  }
}
