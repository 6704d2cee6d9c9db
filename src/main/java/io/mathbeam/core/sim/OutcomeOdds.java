package io.mathbeam.core.sim;

/**
 * How a simulated sample of a known problem ends, before any {@code max_tokens} cut: the four
 * probabilities sum to 1. Truncated samples ramble without ever closing {@code </think>}, so they
 * end with {@code finish_reason: length} whatever the limit; samples with a natural end can also be
 * cut by a small {@code max_tokens}.
 */
public record OutcomeOdds(double correct, double wrong, double missing, double truncated) {

  /** Odds for a problem the model solves with probability {@code p} when it answers. */
  public static OutcomeOdds forSolveProbability(double p) {
    double truncated = 0.02 + 0.10 * (1 - p);
    double missing = 0.03;
    double answered = 1 - truncated - missing;
    return new OutcomeOdds(p * answered, (1 - p) * answered, missing, truncated);
  }

  /** Odds for a prompt that is not in the answer key: it is never answered correctly. */
  public static OutcomeOdds unknownProblem() {
    return new OutcomeOdds(0, 0.85, 0.05, 0.10);
  }

  /** Odds for a known problem statement (see {@link AnswerKey#solveProbability(String)}). */
  public static OutcomeOdds forProblem(String problem) {
    return forSolveProbability(AnswerKey.solveProbability(problem));
  }
}
