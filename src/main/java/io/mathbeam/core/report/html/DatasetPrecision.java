package io.mathbeam.core.report.html;

import java.util.List;

/**
 * A dataset's precision figures for the report: how wide its pass@1 interval is for its problems
 * and what K +-1 and +-2 points needed, the rounds of {@code --precision} when it ran, and the
 * judge's agreement with the symbolic grader when a judge ran. Each part may be absent (null).
 *
 * @param halfWidth the fixed problems' 95% half-width of pass@1 (NaN when unknown)
 * @param problemSamplingHalfWidth the part no K shrinks
 * @param samplesForOnePoint K for +-1 point (-1 when unknown)
 * @param samplesForTwoPoints K for +-2 points (-1 when unknown)
 * @param rounds the rounds of {@code --precision}, or null
 * @param agreement the judge's 2x2 table and kappa, or null
 */
public record DatasetPrecision(
    double halfWidth,
    double problemSamplingHalfWidth,
    int samplesForOnePoint,
    int samplesForTwoPoints,
    Rounds rounds,
    Agreement agreement) {

  /**
   * {@code --precision}'s rounds.
   *
   * @param target H
   * @param reached whether the last round reached H (else it stopped at the ceiling)
   * @param samplesPerProblem the samples per problem of each round
   * @param halfWidths the half-width after each round
   * @param tokens completion tokens spent
   * @param tokensAtCeiling what the ceiling's K for every problem would have spent
   * @param phases how {@code --allocation=adaptive} drew the samples, or null for uniform rounds
   */
  public record Rounds(
      double target,
      boolean reached,
      List<Integer> samplesPerProblem,
      List<Double> halfWidths,
      long tokens,
      long tokensAtCeiling,
      Phases phases) {
    public Rounds {
      samplesPerProblem = List.copyOf(samplesPerProblem);
      halfWidths = List.copyOf(halfWidths);
    }
  }

  /**
   * The phases of {@code --allocation=adaptive}.
   *
   * @param firstPhase n1, the uniform first phase's samples of every problem
   * @param count the phases, the first included
   * @param fewest the fewest samples of any problem
   * @param mean the mean samples per problem
   * @param most the most samples of any problem
   * @param uniformProjected the K uniform rounds would have needed, projected at the plan
   * @param uniformTokensProjected that K's completion tokens
   */
  public record Phases(
      int firstPhase,
      int count,
      int fewest,
      double mean,
      int most,
      int uniformProjected,
      long uniformTokensProjected) {}

  /**
   * The judge against the symbolic grader over the samples the judge decided.
   *
   * @param table both correct, symbolic only, judge only, both incorrect
   * @param kappa Cohen's kappa (NaN when undefined)
   * @param lower its 95% interval's lower end (NaN when none)
   * @param upper its upper end
   */
  public record Agreement(long[] table, double kappa, double lower, double upper) {
    public Agreement {
      table = table.clone();
    }
  }
}
