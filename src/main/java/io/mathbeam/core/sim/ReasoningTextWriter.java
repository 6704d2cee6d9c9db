package io.mathbeam.core.sim;

import static io.mathbeam.core.sim.ReasoningVocabulary.ASIDES;
import static io.mathbeam.core.sim.ReasoningVocabulary.CONNECTIVES;
import static io.mathbeam.core.sim.ReasoningVocabulary.OPENERS;
import static io.mathbeam.core.sim.ReasoningVocabulary.SUBJECTS;
import static io.mathbeam.core.sim.ReasoningVocabulary.VERBS;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes varied pseudo-reasoning sentences from {@link ReasoningVocabulary}. It never writes {@code
 * \boxed}, {@code </think>} or an "answer is" phrase, so the only final answer in a response is the
 * one the model decided on.
 */
final class ReasoningTextWriter {
  private final SplittableRandom rng;
  private int sentences;

  ReasoningTextWriter(SplittableRandom rng) {
    this.rng = rng;
  }

  /** Appends one sentence (with its leading separator) and returns it. */
  String nextSentence() {
    StringBuilder s = new StringBuilder();
    if (sentences == 0) {
      s.append(pick(OPENERS));
    } else {
      s.append(rng.nextInt(4) == 0 ? "\n\n" : " ");
      if (rng.nextInt(5) == 0) {
        s.append(pick(ASIDES));
      } else {
        s.append(pick(CONNECTIVES))
            .append(' ')
            .append(pick(SUBJECTS))
            .append(' ')
            .append(pick(VERBS))
            .append(' ')
            .append(expression())
            .append('.');
      }
    }
    sentences++;
    return s.toString();
  }

  private String pick(List<String> phrases) {
    return phrases.get(rng.nextInt(phrases.size()));
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
