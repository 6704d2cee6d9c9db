package io.mathbeam.pipelines.synthetic;

import static io.mathbeam.core.sim.ReasoningVocabulary.with;

import io.mathbeam.core.sim.ReasoningVocabulary;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Reasoning-like filler text for synthetic responses, from the simulator's {@link
 * ReasoningVocabulary} and words of its own: sentences with inline numbers and formulas, asides and
 * paragraph breaks, the way long chain-of-thought output reads. It never writes {@code \boxed},
 * {@code </think>} or the word "answer", so a response's only final answer is the one {@link
 * SyntheticRun} appends on purpose.
 *
 * <p>Sentences are built from fragments with numbers filled in, not drawn from a fixed pool, so
 * responses do not repeat each other and compress about as well as real model output.
 */
final class SyntheticRunText {
  // the simulator's phrases, then this text's own: a seed draws by index, so the order is kept
  private static final List<String> OPENERS =
      with(
          ReasoningVocabulary.OPENERS,
          "First, I want to understand what the question is really asking.");
  private static final List<String> CONNECTIVES =
      with(ReasoningVocabulary.CONNECTIVES, "Because of that,", "If that holds,");
  private static final List<String> SUBJECTS =
      with(
          ReasoningVocabulary.SUBJECTS,
          "the height",
          "$\\angle ABC$",
          "the coefficient of $x^2$",
          "the probability");
  private static final String[] WORD_SUBJECTS = {
    "the sum",
    "the first term",
    "the remainder",
    "this expression",
    "the area",
    "the ratio",
    "the product",
    "the slope",
    "the discriminant",
    "the total count",
    "the height",
    "the probability"
  };
  private static final List<String> VERBS = ReasoningVocabulary.VERBS;
  private static final String[] WORD_OBJECTS = {
    "the value we found before", "a multiple of the modulus", "something symmetric",
    "the same quantity as before", "smaller than the bound", "the expected expression",
    "twice the previous term", "consistent with the picture"
  };
  private static final List<String> ASIDES =
      with(
          ReasoningVocabulary.ASIDES,
          "Wait, that contradicts what I had a moment ago, so let me go back.");

  /**
   * Words of free-running sentences, commonest first (drawn with a skew towards the front, as word
   * frequencies are): they keep long responses from repeating whole fragments, which would make
   * them compress far better than model output does.
   */
  private static final String[] WORDS =
      ("the of and to is a that we this so it in for be can by with as not on at if then have"
              + " which are from but all one two each term value sum number case cases now let"
              + " since when there also its our this these both only must should would more less"
              + " than equal equals first second third last next previous same other different"
              + " side angle triangle circle radius length area point line lines segment base"
              + " height square root factor factors prime divisor divisible remainder modulo"
              + " integer integers positive negative real rational even odd greater smaller"
              + " maximum minimum bound bounds constraint condition sequence series product ratio"
              + " function polynomial coefficient coefficients degree roots solution solutions"
              + " equation equations system variable variables expression substitute substituting"
              + " simplify simplifying expand expanding compute computing check checking count"
              + " counting choose pairs ways order ordered arrangement probability expected"
              + " symmetric symmetry parity digits digit multiple multiples gives give get gets"
              + " got means implies follows hold holds works fails try trying consider"
              + " considering assume suppose write rewrite note notice recall using use apply"
              + " applying formula identity lemma argument approach method step steps again"
              + " carefully quickly directly indeed actually maybe perhaps probably clearly"
              + " exactly roughly at least most every any some no none either neither whether"
              + " because therefore hence thus otherwise however although wait hmm okay right"
              + " wrong mistake earlier later above below here there total combined remaining"
              + " left right top bottom inside outside vertex vertices edge edges graph grid"
              + " lattice coordinate coordinates slope intercept parabola vertex focus tangent"
              + " chord diameter perimeter volume surface region interval endpoint endpoints")
          .split(" ");

  private static final String[] TOPICS = {
    "a sequence",
    "a triangle",
    "a polynomial",
    "a set of integers",
    "a circle",
    "a random walk",
    "a function",
    "a grid of lattice points",
    "a system of equations",
    "a quadrilateral"
  };

  private SyntheticRunText() {}

  /** A problem statement of a few hundred characters. */
  static String problem(SplittableRandom rng, String goldForm) {
    StringBuilder s = new StringBuilder();
    s.append("Consider ").append(TOPICS[rng.nextInt(TOPICS.length)]).append(" where ");
    int clauses = 2 + rng.nextInt(4);
    for (int i = 0; i < clauses; i++) {
      if (i > 0) {
        s.append(i == clauses - 1 ? ", and " : ", ");
      }
      s.append(pick(SUBJECTS, rng)).append(' ').append(pick(VERBS, rng)).append(' ');
      appendMath(s, rng);
    }
    s.append(". Find the requested quantity and express it as ").append(goldForm).append(".");
    return s.toString();
  }

  /**
   * Appends reasoning sentences to {@code out} until it has grown by at least {@code chars}.
   *
   * @param withMath false writes words only: no digits and no formulas, so the grader finds no
   *     number to take for an answer
   */
  static void appendReasoning(
      StringBuilder out, SplittableRandom rng, int chars, boolean withMath) {
    int target = out.length() + chars;
    boolean first = true;
    while (out.length() < target) {
      if (first) {
        out.append(pick(OPENERS, rng));
        first = false;
        continue;
      }
      int roll = rng.nextInt(20);
      out.append(roll < 4 ? "\n\n" : " ");
      if (roll >= 4 && roll < 7) {
        out.append(pick(ASIDES, rng));
      } else if (withMath && roll == 7) {
        out.append("\n$$");
        appendMath(out, rng);
        out.append(" = ");
        appendMath(out, rng);
        out.append("$$\n");
      } else if (roll >= 9) {
        appendFreeSentence(out, rng, withMath);
      } else if (withMath) {
        out.append(pick(CONNECTIVES, rng))
            .append(' ')
            .append(pick(SUBJECTS, rng))
            .append(' ')
            .append(pick(VERBS, rng))
            .append(' ');
        appendMath(out, rng);
        out.append(rng.nextInt(3) == 0 ? ", which I will use below." : ".");
      } else {
        out.append(pick(CONNECTIVES, rng))
            .append(' ')
            .append(WORD_SUBJECTS[rng.nextInt(WORD_SUBJECTS.length)])
            .append(' ')
            .append(pick(VERBS, rng))
            .append(' ')
            .append(WORD_OBJECTS[rng.nextInt(WORD_OBJECTS.length)])
            .append('.');
      }
    }
  }

  /** A sentence of 6 to 20 vocabulary words, with an inline formula now and then. */
  private static void appendFreeSentence(
      StringBuilder out, SplittableRandom rng, boolean withMath) {
    int words = 6 + rng.nextInt(15);
    for (int i = 0; i < words; i++) {
      if (i > 0) {
        out.append(' ');
      }
      if (withMath && rng.nextInt(9) == 0) {
        appendMath(out, rng);
        continue;
      }
      double u = rng.nextDouble();
      String word = WORDS[(int) (u * Math.sqrt(u) * WORDS.length)];
      if (i == 0) {
        out.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
      } else {
        out.append(word);
      }
    }
    out.append(rng.nextInt(6) == 0 ? "?" : ".");
  }

  private static String pick(List<String> phrases, SplittableRandom rng) {
    return phrases.get(rng.nextInt(phrases.size()));
  }

  /** One inline formula: a number, a fraction, a root, a small equation or a polynomial. */
  private static void appendMath(StringBuilder out, SplittableRandom rng) {
    int a = 1 + rng.nextInt(97);
    int b = 2 + rng.nextInt(30);
    switch (rng.nextInt(6)) {
      case 0 -> out.append('$').append(a).append('$');
      case 1 -> out.append("$\\frac{").append(a).append("}{").append(b).append("}$");
      case 2 -> out.append("$\\sqrt{").append(a).append("}$");
      case 3 ->
          out.append('$').append(a).append(" + ").append(b).append(" = ").append(a + b).append('$');
      case 4 -> out.append("$x^2 - ").append(b).append("x + ").append(a).append('$');
      default -> out.append("$").append(a).append(" \\cdot ").append(b).append('$');
    }
  }
}
