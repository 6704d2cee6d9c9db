package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The phrases simulated reasoning is made of, shared by the simulator's responses ({@link
 * ReasoningTextWriter}) and the synthetic runs of {@code bench-regrade}. None is {@code \boxed},
 * {@code </think>} or an "answer is" phrase, so a response's only final answer is the one written
 * on purpose. The lists' order is part of the texts: a seed draws by index, so new phrases go at
 * the end of a list built with {@link #with}, never into these.
 */
public final class ReasoningVocabulary {
  public static final List<String> OPENERS =
      List.of(
          "Okay, so I need to work through this problem carefully.",
          "Alright, let me read the problem again and set up some notation.",
          "Let me start by writing down what is given.",
          "Hmm, this looks like it needs a careful case analysis.");

  public static final List<String> CONNECTIVES =
      List.of(
          "So",
          "Then",
          "Now",
          "Hmm,",
          "Wait,",
          "Let me check:",
          "Alternatively,",
          "That means",
          "Next,",
          "On the other hand,",
          "Actually,",
          "In that case",
          "From here",
          "Therefore");

  public static final List<String> SUBJECTS =
      List.of(
          "the sum",
          "the first term",
          "$x$",
          "the remainder",
          "this expression",
          "the area",
          "the number of cases",
          "the ratio",
          "the product",
          "the last digit",
          "$f(n)$",
          "the slope",
          "the discriminant",
          "the total count",
          "the common difference",
          "$a_n$");

  public static final List<String> VERBS =
      List.of(
          "equals",
          "should be",
          "becomes",
          "is at most",
          "simplifies to",
          "is congruent to",
          "works out to",
          "is at least",
          "reduces to",
          "comes out as");

  public static final List<String> ASIDES =
      List.of(
          "Let me double-check that step.",
          "That seems consistent with the earlier bound.",
          "I think I made an arithmetic slip somewhere, let me redo it.",
          "Maybe there is a cleaner way to see this.",
          "Let me try a small example to make sure.",
          "This matches the symmetry of the setup.",
          "I should be careful with the edge cases here.",
          "Okay, that part is fine.");

  private ReasoningVocabulary() {}

  /** {@code phrases} followed by {@code more}: a larger vocabulary that draws the same way. */
  public static List<String> with(List<String> phrases, String... more) {
    List<String> all = new ArrayList<>(phrases);
    Collections.addAll(all, more);
    return List.copyOf(all);
  }
}
