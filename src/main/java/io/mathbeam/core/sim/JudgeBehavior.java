package io.mathbeam.core.sim;

/**
 * How a fleet that runs as a judge model answers grading requests (see {@link SimConfig#judge()}).
 * Each draw is a stable hash of the judge prompt, so a repeated request gets the same reply.
 *
 * @param lenientRate probability that an answer the symbolic grader does not accept (different,
 *     unparseable, timed out) is judged CORRECT anyway
 * @param malformedRate probability that the reply names no single verdict at all
 */
public record JudgeBehavior(double lenientRate, double malformedRate) {
  public JudgeBehavior {
    check("lenientRate", lenientRate);
    check("malformedRate", malformedRate);
  }

  /** A judge that always agrees with the symbolic grader and always names a verdict. */
  public static JudgeBehavior strict() {
    return new JudgeBehavior(0, 0);
  }

  private static void check(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1], got " + value);
    }
  }
}
