package io.mathbeam.core.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Rounds of samples toward a precision ({@code eval --precision=H}): after each round, whether a
 * dataset's 95% interval of pass@1 for its fixed problems is at most +-H, and if not, how many
 * samples per problem the next round should reach.
 *
 * <p>The half-width counts each problem's variance under a Beta prior fitted to the dataset (method
 * of moments on the problems' rates, its mean kept off 0 and 1 by half a pooled success and
 * failure, never weaker than a tenth of a success and of a failure), so that 0 of n or n of n is
 * not taken for certainty: problem i with c of n contributes {@code E[theta (1 - theta) | c, n] /
 * n} to the variance of the mean, and the half-width is {@code t sqrt(sum_i of that) / N}, t the
 * 97.5% point of Student's t with the estimate's degrees of freedom ({@link #degreesOfFreedom}).
 * The next round jumps to the smallest K whose projected half-width is at most H (each problem's
 * further samples at its observed rate; at least one more sample, at most the ceiling), so most
 * datasets stop after two rounds. See docs/STATISTICS.md, "Sampling to a precision".
 */
public final class PrecisionStopping {
  /** Where a dataset stands after a round. */
  public enum Status {
    /** The half-width is at most the target. */
    REACHED,
    /** Every problem has the ceiling's samples; the half-width is what they give. */
    CEILING,
    /** More samples are due. */
    MORE
  }

  /**
   * @param status where the dataset stands
   * @param halfWidth the 95% half-width of pass@1 for the fixed problems now
   * @param nextSamplesPerProblem the samples per problem the next round reaches (the current
   *     largest n when no more are due)
   */
  public record Decision(Status status, double halfWidth, int nextSamplesPerProblem) {}

  /**
   * The weakest prior: a tenth of a success and of a failure. Jeffreys' half of each made the
   * interval wide where many problems are always or never solved (99% coverage on a MATH-500-like
   * mix), none at all left small datasets' intervals narrow; see docs/STATISTICS.md.
   */
  private static final double WEAKEST_PRIOR = 0.1;

  /** Beyond these degrees of freedom t is 1.96. */
  private static final double LARGE_DEGREES = 1e7;

  private final double target;
  private final int ceiling;

  /**
   * @param target H, the half-width to reach, in (0, 0.5]
   * @param ceiling K, the most samples of any problem
   */
  public PrecisionStopping(double target, int ceiling) {
    if (!(target > 0 && target <= 0.5)) {
      throw new IllegalArgumentException("--precision must be in (0, 0.5], got " + target);
    }
    if (ceiling < 1) {
      throw new IllegalArgumentException("the ceiling must be at least 1, got " + ceiling);
    }
    this.target = target;
    this.ceiling = ceiling;
  }

  /** The decision for a dataset whose problem i has {@code correct[i]} of {@code samples[i]}. */
  public Decision decide(int[] samples, int[] correct) {
    Prior prior = Prior.fit(samples, correct);
    int current = 0;
    for (int s : samples) {
      current = Math.max(current, s);
    }
    double variance = variance(prior, samples, correct, 0);
    double degrees = degreesOfFreedom(samples, correct, inverses(samples), variance);
    double halfWidth = halfWidth(variance, degrees, samples.length);
    if (halfWidth <= target) {
      return new Decision(Status.REACHED, halfWidth, current);
    }
    if (current >= ceiling) {
      return new Decision(Status.CEILING, halfWidth, current);
    }
    // the smallest K whose projected half-width is at most the target (it falls with K); the
    // degrees of freedom grow with the samples, about in proportion
    int low = current + 1;
    int high = ceiling;
    while (low < high) {
      int mid = (low + high) >>> 1;
      double projected = variance(prior, samples, correct, mid);
      if (halfWidth(projected, degrees * mid / current, samples.length) <= target) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    return new Decision(Status.MORE, halfWidth, low);
  }

  private static double halfWidth(double variance, double degrees, int problems) {
    return quantile95(degrees) * Math.sqrt(variance) / problems;
  }

  /**
   * The sum over problems of E[theta (1 - theta)] / n now ({@code k = 0}), or projected for {@code
   * k} samples of every problem: each problem's further samples taken at its observed rate, so the
   * prior's part fades as it would in a run of that K (projecting at the posterior's mean rate
   * instead keeps a problem seen 0 of 4 as uncertain as now, and overshoots).
   */
  private static double variance(Prior prior, int[] samples, int[] correct, int k) {
    double sum = 0;
    for (int i = 0; i < samples.length; i++) {
      int total = Math.max(k, samples[i]);
      double rate = (double) correct[i] / samples[i];
      double more = total - samples[i];
      sum +=
          thetaVariance(
                  prior.a() + correct[i] + more * rate,
                  prior.b() + samples[i] - correct[i] + more * (1 - rate))
              / total;
    }
    return sum;
  }

  /** 1 / n_i for each problem: the weights of the mean of its rate. */
  static double[] inverses(int[] samples) {
    double[] out = new double[samples.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = 1.0 / samples[i];
    }
    return out;
  }

  /**
   * The degrees of freedom of an estimate of {@code sum_i weights[i] theta_i (1 - theta_i)} for the
   * fixed problems (Satterthwaite's: the estimate read as a scaled chi-square with the variance its
   * samples give it), so that the interval is a t interval: wider where few problems' samples tell
   * their spread (30 problems at 2 samples each: about twice the problems whose two disagree), 1.96
   * standard errors where many do. The variance of problem i's unbiased estimate u = c (n - c) / (n
   * (n - 1)) of theta (1 - theta) is estimated without bias by u^2 minus the unbiased estimate of
   * theta^2 (1 - theta)^2, c (c - 1) (n - c) (n - c - 1) / (n (n - 1) (n - 2) (n - 3)), from four
   * samples on; by u^2 (its upper bound) with two or three. With no problem of two samples nothing
   * is known of the spread: 1. Where the samples show no variance of the estimate (every problem 0
   * of n or n of n), infinite: the prior's part is then all there is.
   *
   * @param weights each problem's weight, e.g. 1 / n_i for the mean of its rate
   * @param estimate the estimate the interval uses, {@code sum_i weights[i] E[theta_i (1 -
   *     theta_i)]}
   */
  public static double degreesOfFreedom(
      int[] samples, int[] correct, double[] weights, double estimate) {
    double varianceOfEstimate = 0;
    boolean spreadSeen = false;
    for (int i = 0; i < samples.length; i++) {
      int n = samples[i];
      if (n < 2) {
        continue;
      }
      spreadSeen = true;
      double c = correct[i];
      double u = c * (n - c) / ((double) n * (n - 1));
      double squared =
          n >= 4
              ? c * (c - 1) * (n - c) * (n - c - 1) / ((double) n * (n - 1) * (n - 2) * (n - 3))
              : 0;
      varianceOfEstimate += weights[i] * weights[i] * (u * u - squared);
    }
    if (!spreadSeen) {
      return 1;
    }
    return varianceOfEstimate > 0
        ? 2 * estimate * estimate / varianceOfEstimate
        : Double.POSITIVE_INFINITY;
  }

  /**
   * The 97.5% point of Student's t with these degrees of freedom (taken to four significant digits,
   * which moves it by less than 0.02%); 1.96 for infinitely many.
   */
  public static double quantile95(double degrees) {
    if (!(degrees < LARGE_DEGREES)) {
      return SamplingPrecision.Z95;
    }
    double df = Math.max(degrees, 1.0);
    double scale = Math.pow(10, 3 - Math.floor(Math.log10(df)));
    double rounded = Math.round(df * scale) / scale;
    // inverting t's distribution takes tens of microseconds; the simulations ask for the same
    // rounded values millions of times
    return QUANTILES.computeIfAbsent(
        rounded,
        d ->
            new TDistribution((RandomGenerator) null, d, 1e-9).inverseCumulativeProbability(0.975));
  }

  private static final Map<Double, Double> QUANTILES = new ConcurrentHashMap<>();

  /**
   * Each problem's E[theta (1 - theta) | c of n] under the prior fitted to the dataset: the
   * variance of one sample's outcome that the half-width counts.
   */
  public static double[] problemVariances(int[] samples, int[] correct) {
    Prior prior = Prior.fit(samples, correct);
    double[] out = new double[samples.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = thetaVariance(prior.a() + correct[i], prior.b() + samples[i] - correct[i]);
    }
    return out;
  }

  /** The Beta(a, b) prior fitted to the dataset, as {a, b}: the prior the decisions use. */
  public static double[] fittedPrior(int[] samples, int[] correct) {
    Prior prior = Prior.fit(samples, correct);
    return new double[] {prior.a(), prior.b()};
  }

  /** E[theta (1 - theta)] under Beta(alpha, beta). */
  private static double thetaVariance(double alpha, double beta) {
    double total = alpha + beta;
    return alpha * beta / (total * (total + 1));
  }

  /**
   * A Beta(a, b) prior fitted to the dataset: mean m of the rates, concentration from their spread
   * beyond the samples' noise.
   */
  record Prior(double a, double b) {
    static Prior fit(int[] samples, int[] correct) {
      int n = samples.length;
      if (n == 0 || correct.length != n) {
        throw new IllegalArgumentException("need as many correct counts as problems, at least one");
      }
      double mean = 0;
      long allSamples = 0;
      for (int i = 0; i < n; i++) {
        mean += (double) correct[i] / samples[i] / n;
        allSamples += samples[i];
      }
      double between = n >= 2 ? PassAtOneStandardError.components(samples, correct).between() : 0.0;
      // the mean kept off 0 and 1 by half a success and half a failure pooled over the dataset
      mean = (mean * allSamples + 0.5) / (allSamples + 1);
      // Var(theta) = m (1 - m) / (a + b + 1) for a Beta(a, b) of mean m. Problems that look alike
      // (no spread beyond the noise) make the prior as strong as the data behind it, no
      // stronger: all 0 of n then reads as Jeffreys' interval of the pooled samples.
      double spread = mean * (1 - mean);
      double concentration =
          between > 0 ? Math.min(Math.max(spread / between - 1, 0.0), allSamples) : allSamples;
      return new Prior(
          Math.max(mean * concentration, WEAKEST_PRIOR),
          Math.max((1 - mean) * concentration, WEAKEST_PRIOR));
    }
  }
}
