package io.mathbeam.core.stats;

import java.util.Arrays;

/**
 * Samples where they pay, with an estimate that keeps its meaning. After a uniform first phase (n1
 * samples of every problem), each later phase gives problem i m_i >= 1 more samples in proportion
 * to sqrt(v_i / t_i) (Neyman's allocation per token: v_i its E[theta (1 - theta)] under the
 * dataset's fitted prior, t_i its tokens per sample), sized so that the projected variance of the
 * dataset's mean is at most the target's. A phase that falls short (the projection is an
 * expectation) is followed by another, planned the same way.
 *
 * <p>Problem i's rate is estimated by {@code sum_s lambda_s c_is / m_is} over the phases s, with
 * the same weights lambda_s = M_s / sum_r M_r for every problem (M_s the phase's mean samples per
 * problem). Why not the pooled mean c_i / n_i: m_is depends on the problem's own earlier samples (a
 * problem seen n1 of n1 gets few more, so its high first phase weighs more), which biases the
 * pooled mean by up to half a point in simulation. Given the earlier phases, c_is / m_is is
 * unbiased for theta_i whatever m_is is, so the weighted estimate is unbiased as long as the
 * weights do not depend on the problem's own outcomes; they depend on them only through the means
 * of all problems' m, an effect of order 1 / N (measured: |bias| at most 0.05 point). Its variance
 * is {@code theta_i (1 - theta_i) sum_s lambda_s^2 / m_is}, estimated by the posterior E[theta (1 -
 * theta)] after all phases. The m_is >= 1 floor is what the common weights cost: a problem likely
 * never or always solved still gets a sample in every phase. See docs/STATISTICS.md, "Sampling to a
 * precision".
 */
public final class PhasedAllocation {
  private static final int ITERATIONS = 30;

  private PhasedAllocation() {}

  /**
   * The first phase's samples per problem once the stopping rule projects that a uniform run needs
   * {@code projected}: half of it (rounded up), so that the fitted prior has enough samples per
   * problem to tell the problems apart before the plan, and the later phases room to differ from
   * uniform. Measured against a quarter and two thirds (docs/STATISTICS.md): half was the cheapest
   * at every target where allocating pays.
   */
  public static int firstPhase(int projected, int current) {
    return Math.max(current, (projected + 1) / 2);
  }

  /** Each phase's weight lambda_s: its mean samples per problem over all phases'. */
  public static double[] weights(int[][] samples) {
    double[] means = phaseMeans(samples);
    double total = Arrays.stream(means).sum();
    for (int s = 0; s < means.length; s++) {
      means[s] /= total;
    }
    return means;
  }

  /** Each phase's mean samples per problem (every problem at least one in every phase). */
  private static double[] phaseMeans(int[][] samples) {
    double[] means = new double[samples.length];
    for (int s = 0; s < samples.length; s++) {
      for (int m : samples[s]) {
        if (m < 1) {
          throw new IllegalArgumentException("phase " + s + " has a problem without samples");
        }
        means[s] += m;
      }
      means[s] /= samples[s].length;
    }
    return means;
  }

  /** The estimate of the dataset's mean rate: mean over problems of sum_s lambda_s c_is / m_is. */
  public static double estimate(int[][] samples, int[][] correct) {
    double[] lambda = weights(samples);
    int n = samples[0].length;
    double sum = 0;
    for (int s = 0; s < samples.length; s++) {
      for (int i = 0; i < n; i++) {
        sum += lambda[s] * correct[s][i] / samples[s][i];
      }
    }
    return sum / n;
  }

  /** Problem i's estimate, sum_s lambda_s c_is / m_is, for each problem. */
  public static double[] problemEstimates(int[][] samples, int[][] correct) {
    double[] lambda = weights(samples);
    double[] out = new double[samples[0].length];
    for (int s = 0; s < samples.length; s++) {
      for (int i = 0; i < out.length; i++) {
        out[i] += lambda[s] * correct[s][i] / samples[s][i];
      }
    }
    return out;
  }

  /**
   * The estimate's variance given each problem's E[theta (1 - theta)]: sum_i v_i sum_s lambda_s^2 /
   * m_is, over N^2.
   */
  public static double variance(int[][] samples, double[] outcomeVariance) {
    double[] w = problemWeights(samples);
    int n = outcomeVariance.length;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += outcomeVariance[i] * w[i];
    }
    return sum / ((double) n * n);
  }

  /** Each problem's weight in the estimate's variance, sum_s lambda_s^2 / m_is. */
  public static double[] problemWeights(int[][] samples) {
    double[] lambda = weights(samples);
    int n = samples[0].length;
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      for (int s = 0; s < samples.length; s++) {
        w[i] += lambda[s] * lambda[s] / samples[s][i];
      }
    }
    return w;
  }

  /**
   * The estimate's 95% half-width: t standard errors, t at the degrees of freedom of the variance's
   * estimate ({@link PrecisionStopping#degreesOfFreedom}, each problem weighted as in the
   * variance).
   *
   * @param samples the phases' samples per problem
   * @param correct each problem's correct samples over all phases
   * @param outcomeVariance v_i after all phases
   */
  public static double halfWidth(int[][] samples, int[] correct, double[] outcomeVariance) {
    double[] w = problemWeights(samples);
    int n = outcomeVariance.length;
    int[] total = new int[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      for (int[] phase : samples) {
        total[i] += phase[i];
      }
      sum += outcomeVariance[i] * w[i];
    }
    double degrees = PrecisionStopping.degreesOfFreedom(total, correct, w, sum);
    return PrecisionStopping.quantile95(degrees) * Math.sqrt(sum) / n;
  }

  /**
   * V*, the variance of the mean a plan aims at: (H / t)^2, t at the degrees of freedom that the
   * samples so far give. The degrees grow with the samples, so the plan's interval ends somewhat
   * narrower than H; planned at the degrees a uniform run of the projected K would have, the plan
   * fell short more often and the extra phase it then needs (every problem at least one more
   * sample) cost more than the margin (AIME-like at uniform K = 8: 0.906x of uniform's tokens
   * against 0.895x, 2,000 replications).
   *
   * @param samples each problem's samples so far
   * @param correct each problem's correct samples so far
   * @param outcomeVariance v_i now
   */
  public static double targetVariance(
      double target, int[] samples, int[] correct, double[] outcomeVariance) {
    int n = samples.length;
    double estimate = 0;
    double[] inverse = PrecisionStopping.inverses(samples);
    for (int i = 0; i < n; i++) {
      estimate += outcomeVariance[i] * inverse[i];
    }
    double degrees = PrecisionStopping.degreesOfFreedom(samples, correct, inverse, estimate);
    return Math.pow(target / PrecisionStopping.quantile95(degrees), 2);
  }

  /** {@link #plan(double[], double[], int[][], double)} after a uniform first phase only. */
  public static int[] plan(
      double[] outcomeVariance, double[] tokensPerSample, int firstPhase, double targetVariance) {
    int[] first = new int[outcomeVariance.length];
    Arrays.fill(first, firstPhase);
    return plan(outcomeVariance, tokensPerSample, new int[][] {first}, targetVariance);
  }

  /**
   * The cheapest next phase (in expected tokens) whose projected variance of the dataset's mean is
   * at most {@code targetVariance}: minimises sum t_i m_i subject to the variance above with the
   * new phase added, m_i >= 1; m_i proportional to sqrt(v_i / t_i), iterated with the weights.
   *
   * @param outcomeVariance v_i after the earlier phases
   * @param tokensPerSample t_i, positive
   * @param earlier the earlier phases' samples per problem, the uniform first phase first
   * @param targetVariance V*, the variance of the mean the target allows (half-width / 1.96,
   *     squared)
   * @return m_i, the next phase's samples of each problem
   */
  public static int[] plan(
      double[] outcomeVariance, double[] tokensPerSample, int[][] earlier, double targetVariance) {
    int n = outcomeVariance.length;
    if (n == 0
        || tokensPerSample.length != n
        || earlier.length == 0
        || earlier[0].length != n
        || !(targetVariance > 0)) {
      throw new IllegalArgumentException(
          "need one variance and one positive token count per problem, a first phase and V* > 0");
    }
    double s = 0;
    for (int i = 0; i < n; i++) {
      if (!(tokensPerSample[i] > 0)) {
        throw new IllegalArgumentException("problem " + i + ": tokens per sample must be > 0");
      }
      s += Math.sqrt(outcomeVariance[i] * tokensPerSample[i]);
    }
    double[] earlierMeans = phaseMeans(earlier);
    double earlierTotal = Arrays.stream(earlierMeans).sum();
    int[] more = new int[n];
    double mean = earlierTotal;
    for (int iteration = 0; iteration < ITERATIONS; iteration++) {
      double total = earlierTotal + mean;
      // the earlier phases' part of the variance at these weights
      double earlierPart = 0;
      for (int i = 0; i < n; i++) {
        double w = 0;
        for (int p = 0; p < earlier.length; p++) {
          double lambda = earlierMeans[p] / total;
          w += lambda * lambda / earlier[p][i];
        }
        earlierPart += outcomeVariance[i] * w;
      }
      double budget = targetVariance * n * n - earlierPart;
      double next;
      if (budget <= 0) {
        // the earlier phases weigh too much for any next phase this size: make it larger
        next = 2 * mean;
      } else {
        double lambda = mean / total;
        double sum = 0;
        for (int i = 0; i < n; i++) {
          double m =
              lambda * lambda * Math.sqrt(outcomeVariance[i] / tokensPerSample[i]) * s / budget;
          more[i] = (int) Math.max(1, Math.ceil(m));
          sum += more[i];
        }
        next = sum / n;
      }
      boolean settled = Math.abs(next - mean) < 1e-4 * mean;
      mean = next;
      if (settled) {
        break;
      }
    }
    return more;
  }

  /**
   * Each problem's tokens per sample for the plan: its mean shrunk toward the dataset's by how much
   * of the spread of the problems' means is their own and not their samples' noise (the
   * between-problem variance over the between-problem variance plus the within-problem variance of
   * a mean). A plan on the raw means favours the problems whose first samples happened to be short,
   * whose later samples then are not: measured on the simulated fleet's MATH-500 run, the plan drew
   * 22% more samples than uniform rounds for the same interval at the same tokens per sample.
   *
   * @param sums per problem, its samples' tokens summed
   * @param squares per problem, its samples' tokens squared and summed
   * @param counts per problem, its samples (at least 1)
   */
  public static double[] shrunkTokensPerSample(double[] sums, double[] squares, int[] counts) {
    int n = sums.length;
    double[] means = new double[n];
    double grand = 0;
    double within = 0;
    long withinDegrees = 0;
    for (int i = 0; i < n; i++) {
      means[i] = sums[i] / counts[i];
      grand += means[i] / n;
      if (counts[i] >= 2) {
        within += squares[i] - counts[i] * means[i] * means[i];
        withinDegrees += counts[i] - 1;
      }
    }
    double withinVariance = withinDegrees > 0 ? Math.max(0, within / withinDegrees) : 0;
    double spread = 0;
    double noise = 0;
    for (int i = 0; i < n; i++) {
      spread += (means[i] - grand) * (means[i] - grand) / Math.max(1, n - 1);
      noise += withinVariance / counts[i] / n;
    }
    double between = Math.max(0, spread - noise);
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      double own = withinVariance / counts[i];
      double weight = between + own > 0 ? between / (between + own) : 1;
      out[i] = Math.max(1, grand + weight * (means[i] - grand));
    }
    return out;
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
   * Whether a second phase is cheaper than uniform rounds to the same projected variance: its
   * expected tokens against {@code (K - n1) sum t_i}. Where it is not (few samples left after the
   * first phase, or problems alike), uniform rounds are kept.
   */
  public static boolean pays(
      int[] more, double[] outcomeVariance, double[] tokensPerSample, int firstPhase, double star) {
    int uniform = uniformSamples(outcomeVariance, firstPhase, star);
    double planTokens = 0;
    double uniformTokens = 0;
    for (int i = 0; i < more.length; i++) {
      planTokens += more[i] * tokensPerSample[i];
      uniformTokens += tokensPerSample[i] * (uniform - firstPhase);
    }
    return planTokens < uniformTokens;
  }
}
