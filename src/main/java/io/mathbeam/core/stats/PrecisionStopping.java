package io.mathbeam.core.stats;

/**
 * Rounds of samples toward a precision ({@code eval --precision=H}): after each round, whether a
 * dataset's 95% interval of pass@1 for its fixed problems is at most +-H, and if not, how many
 * samples per problem the next round should reach.
 *
 * <p>The half-width counts each problem's variance under a Beta prior fitted to the dataset (method
 * of moments on the problems' rates, never weaker than Jeffreys' half a success and half a
 * failure), so that 0 of n or n of n is not taken for certainty: problem i with c of n contributes
 * {@code E[theta (1 - theta) | c, n] / n} to the variance of the mean, and the half-width is {@code
 * 1.96 sqrt(sum_i of that) / N}. The next round jumps to the smallest K whose projected half-width
 * is at most H (each problem's further samples at its observed rate; at least one more sample, at
 * most the ceiling), so most datasets stop after two rounds. See docs/STATISTICS.md, "Sampling to a
 * precision".
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

  /** Jeffreys' prior: half a success and half a failure. */
  private static final double WEAKEST_PRIOR = 0.5;

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
    double halfWidth = halfWidth(prior, samples, correct, 0);
    if (halfWidth <= target) {
      return new Decision(Status.REACHED, halfWidth, current);
    }
    if (current >= ceiling) {
      return new Decision(Status.CEILING, halfWidth, current);
    }
    // the smallest K whose projected half-width is at most the target (it falls with K)
    int low = current + 1;
    int high = ceiling;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (halfWidth(prior, samples, correct, mid) <= target) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    return new Decision(Status.MORE, halfWidth, low);
  }

  /**
   * The half-width now ({@code k = 0}), or projected for {@code k} samples of every problem: each
   * problem's further samples taken at its observed rate, so the prior's part fades as it would in
   * a run of that K (projecting at the posterior's mean rate instead keeps a problem seen 0 of 4 as
   * uncertain as now, and overshoots).
   */
  private static double halfWidth(Prior prior, int[] samples, int[] correct, int k) {
    int n = samples.length;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      int total = Math.max(k, samples[i]);
      double rate = (double) correct[i] / samples[i];
      double more = total - samples[i];
      sum +=
          thetaVariance(
                  prior.a() + correct[i] + more * rate,
                  prior.b() + samples[i] - correct[i] + more * (1 - rate))
              / total;
    }
    return SamplingPrecision.Z95 * Math.sqrt(sum) / n;
  }

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
