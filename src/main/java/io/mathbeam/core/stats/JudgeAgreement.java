package io.mathbeam.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How far a judge agrees with the symbolic grader beyond chance: the 2x2 table of their verdicts
 * over the samples the judge decided, Cohen's kappa of the pooled table, and a 95% interval from
 * resampling problems (a problem's samples share its difficulty, so they are not independent pairs;
 * the samples of a problem stay together). See docs/STATISTICS.md, "Judge agreement".
 *
 * @param bothCorrect both say correct
 * @param symbolicOnly the symbolic grader says correct, the judge incorrect
 * @param judgeOnly the judge says correct, the symbolic grader incorrect
 * @param bothIncorrect both say incorrect
 * @param kappa (p_o - p_e) / (1 - p_e); NaN when the table has no sample or one grader gave one
 *     verdict only (as the judge of a cascade, which sees only the symbolic grader's rejections)
 * @param lower the 95% interval's lower end; NaN where kappa is, or with fewer than 2 problems
 * @param upper its upper end
 */
public record JudgeAgreement(
    long bothCorrect,
    long symbolicOnly,
    long judgeOnly,
    long bothIncorrect,
    double kappa,
    double lower,
    double upper) {
  public static final int REPLICATES = 2000;
  private static final long SEED = 0x6b61707061L;

  /**
   * @param problems one table per problem: {bothCorrect, symbolicOnly, judgeOnly, bothIncorrect}
   */
  public static JudgeAgreement of(List<long[]> problems) {
    long[] total = new long[4];
    for (long[] p : problems) {
      for (int c = 0; c < 4; c++) {
        total[c] += p[c];
      }
    }
    double kappa = kappa(total);
    double lower = Double.NaN;
    double upper = Double.NaN;
    if (!Double.isNaN(kappa) && problems.size() >= 2) {
      double[] replicates = new double[REPLICATES];
      SplittableRandom random = new SplittableRandom(SEED);
      int n = problems.size();
      int kept = 0;
      long[] drawn = new long[4];
      for (int r = 0; r < REPLICATES; r++) {
        Arrays.fill(drawn, 0);
        for (int i = 0; i < n; i++) {
          long[] p = problems.get(random.nextInt(n));
          for (int c = 0; c < 4; c++) {
            drawn[c] += p[c];
          }
        }
        double k = kappa(drawn);
        // a draw in which one grader gave one verdict only has no kappa: left out
        if (!Double.isNaN(k)) {
          replicates[kept++] = k;
        }
      }
      if (kept > 0) {
        double[] sorted = Arrays.copyOf(replicates, kept);
        Arrays.sort(sorted);
        lower = ProblemBootstrap.quantile(sorted, 0.025);
        upper = ProblemBootstrap.quantile(sorted, 0.975);
      }
    }
    return new JudgeAgreement(total[0], total[1], total[2], total[3], kappa, lower, upper);
  }

  /** The samples in the table. */
  public long samples() {
    return bothCorrect + symbolicOnly + judgeOnly + bothIncorrect;
  }

  static double kappa(long[] t) {
    double n = t[0] + t[1] + t[2] + t[3];
    if (n == 0) {
      return Double.NaN;
    }
    double observed = (t[0] + t[3]) / n;
    double symbolicCorrect = (t[0] + t[1]) / n;
    double judgeCorrect = (t[0] + t[2]) / n;
    // one grader giving one verdict only (the judge of a cascade sees only symbolic rejections)
    // makes kappa 0 or undefined whatever the other does: nothing is said about agreement
    if (t[0] + t[1] == 0 || t[2] + t[3] == 0 || t[0] + t[2] == 0 || t[1] + t[3] == 0) {
      return Double.NaN;
    }
    double chance = symbolicCorrect * judgeCorrect + (1 - symbolicCorrect) * (1 - judgeCorrect);
    return (observed - chance) / (1 - chance);
  }
}
