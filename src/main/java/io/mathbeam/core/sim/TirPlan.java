package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one sample of the TIR mode computes, drawn from the sample's seed alone so that every
 * continuation of the sample follows the same plan. The value of step 1 comes from a small
 * computation whose result is not written anywhere in the code ({@code a * b + c}, or a loop
 * summing 1..n plus an offset); every later step prints {@code m * x + d} where {@code x} is the
 * output the client showed for the step before. The last step prints {@code target}.
 *
 * <p>Shares: the sample is {@code solved} with the problem's solve probability (else its target is
 * a wrong value); chains have 1 step (50%), 2 (30%) or 3 (20%); 10% of samples write a first block
 * that raises; 5% are stubborn, writing one more checking block after each output forever.
 *
 * @param guess what the sample boxes when it cannot see the output of a step before its last one: a
 *     wrong value, never the gold
 * @param first step 1
 * @param next steps 2 and later
 */
record TirPlan(
    boolean solved,
    long target,
    long guess,
    boolean raisesFirst,
    boolean stubborn,
    FirstStep first,
    List<NextStep> next) {

  static final double RAISES_FIRST = 0.10;
  static final double STUBBORN = 0.05;

  /** Prints {@code sum(1..a) + c} when {@code loop}, else {@code a * b + c}. */
  record FirstStep(boolean loop, long a, long b, long c) {
    long value() {
      return loop ? a * (a + 1) / 2 + c : a * b + c;
    }

    String code() {
      if (loop) {
        return "total = 0\nfor i in range(1, "
            + (a + 1)
            + "):\n    total += i\nprint(total"
            + signed(c)
            + ")";
      }
      return "a = " + a + "\nb = " + b + "\nprint(a * b" + signed(c) + ")";
    }

    /** The same computation with a slip that raises (an index or a name that does not exist). */
    String raisingCode() {
      if (loop) {
        return "total = 0\nfor i in range(1, "
            + (a + 1)
            + "):\n    total += i\nprint(totl"
            + signed(c)
            + ")";
      }
      return "factors = [" + a + ", " + b + "]\nprint(factors[1] * factors[2]" + signed(c) + ")";
    }
  }

  /** Prints {@code multiplier * x + offset} of the previous output {@code x}. */
  record NextStep(long multiplier, long offset) {
    String code(long previous) {
      return "x = " + previous + "\nprint(" + multiplier + " * x" + signed(offset) + ")";
    }
  }

  /** A block that prints {@code value} again, the stubborn sample's extra check. */
  static String checkCode(long value) {
    return "check = [" + value + "]\nprint(sum(check))";
  }

  int steps() {
    return 1 + next.size();
  }

  /**
   * Draws the plan of a sample of a problem with integer gold {@code gold} that the model solves
   * with probability {@code p}.
   */
  static TirPlan draw(long gold, double p, SplittableRandom rng) {
    List<String> wrong = AnswerVariants.wrongAnswers(Long.toString(gold), StableHash.mix(gold));
    boolean solved = rng.nextDouble() < p;
    long target = solved ? gold : Long.parseLong(wrong.get(rng.nextInt(2)));
    long guess = Long.parseLong(wrong.get(2));
    double c = rng.nextDouble();
    int steps = c < 0.5 ? 1 : c < 0.8 ? 2 : 3;
    boolean raisesFirst = rng.nextDouble() < RAISES_FIRST;
    boolean stubborn = rng.nextDouble() < STUBBORN;
    List<NextStep> next = new ArrayList<>();
    long value = target;
    for (int k = steps; k > 1; k--) {
      long m = 2 + rng.nextInt(3);
      long previous = Math.floorDiv(value, m) - (1 + rng.nextInt(20));
      next.add(0, new NextStep(m, value - m * previous));
      value = previous;
    }
    return new TirPlan(
        solved, target, guess, raisesFirst, stubborn, firstStep(value, rng), List.copyOf(next));
  }

  /**
   * A first step printing {@code value}: a product for large values; a loop with an offset for
   * small ones, so the value never appears as a literal of the code.
   */
  private static FirstStep firstStep(long value, SplittableRandom rng) {
    if (Math.abs(value) < 50) {
      long n = 5 + rng.nextInt(15);
      return new FirstStep(true, n, 0, value - n * (n + 1) / 2);
    }
    long a = 7 + rng.nextInt(23);
    long b = Math.floorDiv(value, a);
    return new FirstStep(false, a, b, value - a * b);
  }

  private static String signed(long c) {
    return c == 0 ? "" : c > 0 ? " + " + c : " - " + -c;
  }
}
