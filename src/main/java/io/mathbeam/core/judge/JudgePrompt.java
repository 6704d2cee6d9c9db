package io.mathbeam.core.judge;

import java.io.Serializable;
import java.util.List;

/**
 * The message sent to the judge model. The template names what goes where: {@code {problem}},
 * {@code {gold}} (the reference answers, joined with " or "), {@code {answer}} (the final answer
 * extracted from the response) and optionally {@code {response}} (the whole response).
 */
public record JudgePrompt(String template) implements Serializable {
  public static final String PROBLEM = "{problem}";
  public static final String GOLD = "{gold}";
  public static final String ANSWER = "{answer}";
  public static final String RESPONSE = "{response}";

  /** The lines the default template puts the reference and the candidate answer on. */
  public static final String GOLD_LINE = "Reference answer: ";

  public static final String ANSWER_LINE = "Candidate's final answer: ";

  public static final String DEFAULT_TEMPLATE =
      "You are checking the final answer to a math problem. Decide whether the candidate's final"
          + " answer is mathematically equivalent to the reference answer. Differences of form"
          + " (notation, units written out, simplified or not) do not matter; a different value"
          + " does.\n\n"
          + "Problem:\n"
          + PROBLEM
          + "\n\n"
          + GOLD_LINE
          + GOLD
          + "\n"
          + ANSWER_LINE
          + ANSWER
          + "\n\n"
          + "Reply with exactly one word: CORRECT or INCORRECT.";

  public JudgePrompt {
    if (template == null || !template.contains(ANSWER)) {
      throw new IllegalArgumentException(
          "the judge template must contain " + ANSWER + " (where the extracted answer goes)");
    }
  }

  public static JudgePrompt defaults() {
    return new JudgePrompt(DEFAULT_TEMPLATE);
  }

  /** Fills the template; placeholders inside the inserted texts are left alone. */
  public String render(String problem, List<String> goldAnswers, String answer, String response) {
    StringBuilder out = new StringBuilder(template.length() + 256);
    int i = 0;
    while (i < template.length()) {
      String filled = null;
      String placeholder = null;
      for (String p : List.of(PROBLEM, GOLD, ANSWER, RESPONSE)) {
        if (template.startsWith(p, i)) {
          placeholder = p;
          filled =
              switch (p) {
                case PROBLEM -> problem;
                case GOLD -> String.join(" or ", goldAnswers);
                case ANSWER -> answer;
                default -> response;
              };
          break;
        }
      }
      if (placeholder == null) {
        out.append(template.charAt(i++));
      } else {
        out.append(filled == null ? "" : filled);
        i += placeholder.length();
      }
    }
    return out.toString();
  }
}
