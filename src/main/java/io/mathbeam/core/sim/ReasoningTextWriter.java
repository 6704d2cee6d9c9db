package io.mathbeam.core.sim;

import java.util.SplittableRandom;

/**
 * Writes varied pseudo-reasoning sentences. It never writes {@code \boxed}, {@code </think>} or an
 * "answer is" phrase, so the only final answer in a response is the one the model decided on.
 */
final class ReasoningTextWriter {
  private static final String[] OPENERS = {
    "Okay, so I need to work through this problem carefully.",
    "Alright, let me read the problem again and set up some notation.",
    "Let me start by writing down what is given.",
    "Hmm, this looks like it needs a careful case analysis."
  };
  private static final String[] CONNECTIVES = {
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
    "Therefore"
  };
  private static final String[] SUBJECTS = {
    "the sum", "the first term", "$x$", "the remainder", "this expression", "the area",
    "the number of cases", "the ratio", "the product", "the last digit", "$f(n)$", "the slope",
    "the discriminant", "the total count", "the common difference", "$a_n$"
  };
  private static final String[] VERBS = {
    "equals",
    "should be",
    "becomes",
    "is at most",
    "simplifies to",
    "is congruent to",
    "works out to",
    "is at least",
    "reduces to",
    "comes out as"
  };
  private static final String[] ASIDES = {
    "Let me double-check that step.",
    "That seems consistent with the earlier bound.",
    "I think I made an arithmetic slip somewhere, let me redo it.",
    "Maybe there is a cleaner way to see this.",
    "Let me try a small example to make sure.",
    "This matches the symmetry of the setup.",
    "I should be careful with the edge cases here.",
    "Okay, that part is fine."
  };

  private final SplittableRandom rng;
  private int sentences;

  ReasoningTextWriter(SplittableRandom rng) {
    this.rng = rng;
  }

  /** Appends one sentence (with its leading separator) and returns it. */
  String nextSentence() {
    StringBuilder s = new StringBuilder();
    if (sentences == 0) {
      s.append(OPENERS[rng.nextInt(OPENERS.length)]);
    } else {
      s.append(rng.nextInt(4) == 0 ? "\n\n" : " ");
      if (rng.nextInt(5) == 0) {
        s.append(ASIDES[rng.nextInt(ASIDES.length)]);
      } else {
        s.append(CONNECTIVES[rng.nextInt(CONNECTIVES.length)])
            .append(' ')
            .append(SUBJECTS[rng.nextInt(SUBJECTS.length)])
            .append(' ')
            .append(VERBS[rng.nextInt(VERBS.length)])
            .append(' ')
            .append(expression())
            .append('.');
      }
    }
    sentences++;
    return s.toString();
  }

  private String expression() {
    int a = 1 + rng.nextInt(60);
    int b = 1 + rng.nextInt(40);
    switch (rng.nextInt(6)) {
      case 0:
        return "$" + a + " + " + b + " = " + (a + b) + "$";
      case 1:
        return "$\\frac{" + a + "}{" + b + "}$";
      case 2:
        return "$" + a + " \\cdot " + b + " = " + (a * b) + "$";
      case 3:
        return "$x^2 - " + a + "x + " + b + "$";
      case 4:
        return "$" + a + "^2 = " + (a * a) + "$";
      default:
        return Integer.toString(a * b);
    }
  }
}
