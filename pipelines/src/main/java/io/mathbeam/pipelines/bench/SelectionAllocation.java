package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.PrecisionStopping;
import java.util.SplittableRandom;

/**
 * Allocation with selection, simulated for {@link AllocationStudy}: after the first round, problem
 * i is drawn for a second round with probability pi_i and then gets m_i >= 1 samples. Where
 * Neyman's allocation per token asks for less than one more sample (a problem seen 0 or n of n,
 * likely never or always solved), the draw stands in for that fraction of a sample, which the m_i
 * >= 1 floor of plain allocation pays for in full.
 *
 * <p>The estimator keeps its meaning under the data-dependent design: theta_i = mean1_i + (1 -
 * lambda) (Z_i / pi_i) (mean2_i - mean1_i), with Z_i the draw and lambda the same for every
 * problem. Given the first round its expectation is lambda mean1_i + (1 - lambda) theta_i whatever
 * pi_i and m_i are, so it is unbiased; with pi_i = 1 it is the two-phase estimator. Its variance
 * given the first round is lambda^2-free: (1 - lambda)^2 ((v / m + d) / pi - d), d = (theta -
 * mean1)^2, plus lambda^2 theta (1 - theta) / n1 from the first round, which the interval estimates
 * by each problem's posterior expectation under the fitted prior.
 */
final class SelectionAllocation {
  /** The smallest draw probability: below it one drawn problem's weight 1 / pi swamps the rest. */
  static final double LOWEST_PI = 0.1;

  private SelectionAllocation() {}

  /** One replication's figures. */
  record Outcome(double cost, double trueVariance, double estimate, double estimatedVariance) {}

  /**
   * @param v per problem, the posterior E[theta (1 - theta)] after the first round
   * @param d per problem, the posterior E[(theta - mean1)^2] after the first round
   * @param t per problem, its tokens per sample learnt from the first round
   * @param star the variance of the dataset's mean the target allows
   */
  static Outcome run(
      double[] theta,
      double[] tokens,
      int[] first,
      int n1,
      double[] v,
      double[] d,
      double[] t,
      double star,
      SplittableRandom random) {
    int n = theta.length;
    double[] pi = new double[n];
    int[] m = new int[n];
    double lambda = plan(v, d, t, n1, star, pi, m);
    double cost = 0;
    double trueVariance = 0;
    double estimate = 0;
    int[] samples = new int[n];
    int[] correct = new int[n];
    boolean[] drawn = new boolean[n];
    double[] mean1 = new double[n];
    for (int i = 0; i < n; i++) {
      mean1[i] = (double) first[i] / n1;
      samples[i] = n1;
      correct[i] = first[i];
      double theta1 = mean1[i];
      double s2 = theta[i] * (1 - theta[i]);
      double gap = (theta[i] - theta1) * (theta[i] - theta1);
      trueVariance +=
          (lambda * lambda * s2 / n1
                  + (1 - lambda) * (1 - lambda) * ((s2 / m[i] + gap) / pi[i] - gap))
              / ((double) n * n);
      cost += tokens[i] * n1;
      double value = theta1;
      if (random.nextDouble() < pi[i]) {
        drawn[i] = true;
        int c = 0;
        for (int j = 0; j < m[i]; j++) {
          c += random.nextDouble() < theta[i] ? 1 : 0;
        }
        cost += tokens[i] * m[i];
        samples[i] += m[i];
        correct[i] += c;
        value += (1 - lambda) / pi[i] * ((double) c / m[i] - theta1);
      }
      estimate += value / n;
    }
    double[] prior = PrecisionStopping.fittedPrior(samples, correct);
    double estimatedVariance = 0;
    for (int i = 0; i < n; i++) {
      double a = prior[0] + correct[i];
      double b = prior[1] + samples[i] - correct[i];
      double mean = a / (a + b);
      double variance = a * b / ((a + b) * (a + b) * (a + b + 1));
      double s2 = a * b / ((a + b) * (a + b + 1));
      double gap = variance + (mean - mean1[i]) * (mean - mean1[i]);
      estimatedVariance +=
          (lambda * lambda * s2 / n1
                  + (1 - lambda) * (1 - lambda) * ((s2 / m[i] + gap) / pi[i] - gap))
              / ((double) n * n);
    }
    return new Outcome(cost, trueVariance, estimate, estimatedVariance);
  }

  /**
   * Fills each problem's draw probability and second-round samples for the least expected tokens
   * whose variance is {@code star}; returns lambda. For a multiplier A of the variance, a problem
   * whose Neyman share sqrt(A v / t) is at least one gets that many samples for certain; one below
   * gets one sample with probability sqrt(A (v + d) / t), the minimum of t pi + A (v + d) / pi.
   */
  static double plan(
      double[] v, double[] d, double[] t, int n1, double star, double[] pi, int[] m) {
    int n = v.length;
    double lambda = 0.1;
    for (int iteration = 0; iteration < 20; iteration++) {
      double low = 1e-12;
      double high = 1e12;
      for (int step = 0; step < 100; step++) {
        double a = Math.sqrt(low * high);
        if (variance(a, lambda, v, d, t, n1, pi, m) / ((double) n * n) > star) {
          low = a;
        } else {
          high = a;
        }
      }
      variance(high, lambda, v, d, t, n1, pi, m);
      double expected = 0;
      for (int i = 0; i < n; i++) {
        expected += pi[i] * m[i] / n;
      }
      double next = n1 / (n1 + expected);
      if (Math.abs(next - lambda) < 1e-6) {
        return next;
      }
      lambda = next;
    }
    return lambda;
  }

  /** Fills the plan for multiplier {@code a} and returns its variance times N^2. */
  private static double variance(
      double a, double lambda, double[] v, double[] d, double[] t, int n1, double[] pi, int[] m) {
    double sum = 0;
    double w = (1 - lambda) * (1 - lambda);
    for (int i = 0; i < v.length; i++) {
      double share = Math.sqrt(a * w * v[i] / t[i]);
      if (share >= 1) {
        pi[i] = 1;
        m[i] = (int) Math.round(share);
      } else {
        m[i] = 1;
        pi[i] = Math.min(1, Math.max(LOWEST_PI, Math.sqrt(a * w * (v[i] + d[i]) / t[i])));
      }
      sum += lambda * lambda * v[i] / n1 + w * ((v[i] / m[i] + d[i]) / pi[i] - d[i]);
    }
    return sum;
  }
}
