package io.mathbeam.core.sim;

import java.util.SplittableRandom;

/**
 * The answer part of a sample for a code problem (an {@link AnswerKey.Entry#code()} entry): one
 * {@code ```python} block, or prose only. What the block holds is drawn once per sample, with the
 * problem's solve probability {@code p} (see {@link SimulatedModel#solveProbability}):
 *
 * <ul>
 *   <li>{@link SampleOutcome#HANGS} 3%: the reference with {@code while True: pass} first in the
 *       function under test;
 *   <li>{@link SampleOutcome#RAISES} 3%: the reference with a {@code raise} first in the function;
 *   <li>{@link SampleOutcome#MISSING} 3%: no code block at all;
 *   <li>{@link SampleOutcome#CORRECT} {@code 0.91 p}: the reference solution verbatim;
 *   <li>{@link SampleOutcome#WRONG} {@code 0.91 (1 - p)}: the reference with one deterministic
 *       mutation ({@link CodeMutations#wrong}). Over six draws for each of the 164 HumanEval
 *       problems, 93% of these failed an assertion of the problem's tests, 3% raised as a
 *       consequence of the mutation and 4% still passed (the mutated code did not matter to the
 *       tests).
 * </ul>
 */
final class CodeAnswerWriter {
  static final double HANGS = 0.03;
  static final double RAISES = 0.03;
  static final double NO_CODE = 0.03;

  private static final String[] LEADS = {
    "Here is the complete implementation:",
    "Putting this together, the function is:",
    "The final code:",
    "This gives the following solution."
  };

  private CodeAnswerWriter() {}

  /** The outcome of a sample, from a uniform draw {@code u} in [0, 1). */
  static SampleOutcome draw(double p, double u) {
    double answered = 1 - HANGS - RAISES - NO_CODE;
    if (u < HANGS) {
      return SampleOutcome.HANGS;
    } else if (u < HANGS + RAISES) {
      return SampleOutcome.RAISES;
    } else if (u < HANGS + RAISES + NO_CODE) {
      return SampleOutcome.MISSING;
    }
    return u < HANGS + RAISES + NO_CODE + answered * p
        ? SampleOutcome.CORRECT
        : SampleOutcome.WRONG;
  }

  /** The paragraph after {@code </think>} for a sample whose outcome is {@code planned}. */
  static String answer(SampleOutcome planned, AnswerKey.Entry known, SplittableRandom rng) {
    if (planned == SampleOutcome.MISSING) {
      return rng.nextBoolean()
          ? "I could not find an approach that handles every case, so I will stop here."
          : "The idea is to walk through the input once and keep track of what has been seen,"
              + " but I have not worked out the details.";
    }
    String reference = known.gold();
    int body = CodeMutations.bodyStart(known.problem(), reference);
    String code;
    switch (planned) {
      case HANGS:
        code = CodeMutations.hanging(reference, body);
        break;
      case RAISES:
        code = CodeMutations.raising(reference, body);
        break;
      case WRONG:
        code = CodeMutations.wrong(reference, body, rng);
        break;
      default:
        code = reference;
    }
    String lead = LEADS[rng.nextInt(LEADS.length)];
    return lead + "\n\n```python\n" + code + (code.endsWith("\n") ? "" : "\n") + "```";
  }
}
