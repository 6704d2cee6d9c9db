package io.mathbeam.core.stats;

/**
 * Samples where they pay, with an estimate that keeps its meaning: after a uniform first phase of
 * n1 samples per problem, problem i gets m_i >= 1 more in proportion to sqrt(v_i / t_i) (Neyman's
 * allocation per token: v_i its E[theta (1 - theta)] under the dataset's fitted prior, t_i its
 * tokens per sample), and its rate is estimated by {@code lambda mean1_i + (1 - lambda) mean2_i}
 * with the same lambda = n1 / (n1 + mean m) for every problem.
 *
 * <p>Why not the pooled mean c_i / n_i: m_i depends on the problem's own first samples (a problem
 * seen 0 of n1 gets few more, so its low first phase weighs more), which biases the pooled mean by
 * up to half a point in simulation. Given the first phase, mean2_i is unbiased for theta_i whatever
 * m_i is, so the weighted estimate is unbiased as long as lambda does not depend on the problem's
 * own outcomes; here it depends on them only through the mean of all m, an effect of order 1 / N
 * (measured: |bias| at most 0.05 point). Its variance is {@code theta_i (1 - theta_i) (lambda^2 /
 * n1 + (1 - lambda)^2 / m_i)}; the interval estimates theta_i (1 - theta_i) by the posterior
 * expectation after both phases. The m_i >= 1 floor is what the fixed lambda costs: a problem
 * likely never or always solved still gets one more sample. See docs/STATISTICS.md, "Sampling to a
 * precision".
 */
public final class TwoPhaseAllocation {
  private static final int ITERATIONS = 30;

  private TwoPhaseAllocation() {}

  /**
   * The second phase.
   *
   * @param more m_i, the second phase's samples of problem i (at least 1)
   * @param lambda the first phase's weight in every problem's estimate
   */
  public record Plan(int[] more, double lambda) {
    /** The second phase's expected tokens at {@code tokensPerSample}. */
    public double tokens(double[] tokensPerSample) {
      double sum = 0;
      for (int i = 0; i < more.length; i++) {
        sum += more[i] * tokensPerSample[i];
      }
      return sum;
    }

    /** The weight of problem i's outcome variance in its estimate's variance. */
    public double weight(int firstPhase, int i) {
      return lambda * lambda / firstPhase + (1 - lambda) * (1 - lambda) / more[i];
    }

    /**
     * The estimate of the dataset's mean rate: the mean over problems of {@code lambda first[i] /
     * n1 + (1 - lambda) second[i] / more[i]}.
     */
    public double estimate(int firstPhase, int[] firstCorrect, int[] secondCorrect) {
      double sum = 0;
      for (int i = 0; i < more.length; i++) {
        sum +=
            lambda * firstCorrect[i] / firstPhase
                + (1 - lambda) * secondCorrect[i] / (double) more[i];
      }
      return sum / more.length;
    }

    /**
     * The estimate's variance, given each problem's estimated E[theta (1 - theta)] (the posterior
     * after both phases).
     */
    public double variance(int firstPhase, double[] outcomeVariance) {
      double sum = 0;
      for (int i = 0; i < more.length; i++) {
        sum += outcomeVariance[i] * weight(firstPhase, i);
      }
      return sum / ((double) more.length * more.length);
    }
  }

  /**
   * The cheapest second phase (in expected tokens) whose projected variance of the dataset's mean
   * is at most {@code targetVariance}: minimises sum t_i m_i subject to sum v_i (lambda^2 / n1 + (1
   * - lambda)^2 / m_i) / N^2 <= V*, m_i >= 1, lambda = n1 / (n1 + mean m); m_i proportional to
   * sqrt(v_i / t_i), iterated with lambda.
   *
   * @param outcomeVariance v_i after the first phase
   * @param tokensPerSample t_i, positive
   * @param firstPhase n1, every problem's samples so far
   * @param targetVariance V*, the variance of the mean the target allows (half-width / 1.96,
   *     squared)
   */
  public static Plan plan(
      double[] outcomeVariance, double[] tokensPerSample, int firstPhase, double targetVariance) {
    int n = outcomeVariance.length;
    if (n == 0 || tokensPerSample.length != n || firstPhase < 1 || !(targetVariance > 0)) {
      throw new IllegalArgumentException(
          "need one variance and one positive token count per problem, n1 >= 1 and V* > 0");
    }
    double sumV = 0;
    double s = 0;
    for (int i = 0; i < n; i++) {
      if (!(tokensPerSample[i] > 0)) {
        throw new IllegalArgumentException("problem " + i + ": tokens per sample must be > 0");
      }
      sumV += outcomeVariance[i];
      s += Math.sqrt(outcomeVariance[i] * tokensPerSample[i]);
    }
    int[] more = new int[n];
    double lambda = 0.1;
    for (int iteration = 0; iteration < ITERATIONS; iteration++) {
      double budget = targetVariance * n * n - lambda * lambda * sumV / firstPhase;
      if (budget <= 0) {
        lambda /= 2;
        continue;
      }
      double total = 0;
      for (int i = 0; i < n; i++) {
        double m =
            (1 - lambda)
                * (1 - lambda)
                * Math.sqrt(outcomeVariance[i] / tokensPerSample[i])
                * s
                / budget;
        more[i] = (int) Math.max(1, Math.ceil(m));
        total += more[i];
      }
      double next = firstPhase / (firstPhase + total / n);
      boolean settled = Math.abs(next - lambda) < 1e-5;
      lambda = next;
      if (settled) {
        break;
      }
    }
    return new Plan(more, lambda);
  }

  /**
   * The first phase's samples per problem once the stopping rule projects that a uniform run needs
   * {@code projected}: half of it (rounded up), so that the fitted prior has enough samples per
   * problem to tell the problems apart before the plan, and the second phase room to differ from
   * uniform. Measured against a quarter and two thirds (docs/STATISTICS.md): half was the cheapest
   * at every target where allocating pays.
   */
  public static int firstPhase(int projected, int current) {
    return Math.max(current, (projected + 1) / 2);
  }

  /**
   * The samples per problem a uniform run needs for the same projected variance: the smallest K >=
   * n1 with sum v_i / (K N^2) <= V*.
   */
  public static int uniformSamples(
      double[] outcomeVariance, int firstPhase, double targetVariance) {
    double sumV = 0;
    for (double v : outcomeVariance) {
      sumV += v;
    }
    double n = outcomeVariance.length;
    return (int) Math.max(firstPhase, Math.ceil(sumV / (n * n * targetVariance)));
  }

  /**
   * Whether the plan is cheaper than a uniform run to the same projected variance: its expected
   * tokens against {@code (K - n1) sum t_i}. Where it is not (few samples left after the first
   * phase, or problems alike), uniform rounds are kept.
   */
  public static boolean pays(
      Plan plan, double[] outcomeVariance, double[] tokensPerSample, int firstPhase, double star) {
    int uniform = uniformSamples(outcomeVariance, firstPhase, star);
    double uniformTokens = 0;
    for (double t : tokensPerSample) {
      uniformTokens += t * (uniform - firstPhase);
    }
    return plan.tokens(tokensPerSample) < uniformTokens;
  }
}
