package io.mathbeam.core.stats;

import java.util.Collection;

/**
 * How precise a dataset's pass@1 is for its own, fixed problems, and how many samples per problem
 * would have made it precise enough: the part of the uncertainty that more samples shrink, beside
 * the part that comes from which problems the benchmark holds, which no K shrinks.
 *
 * <p>With sigma^2 the mean within-problem variance of one sample's outcome (the unbiased {@code p_i
 * (1 - p_i) n_i / (n_i - 1)} averaged over the problems with n_i >= 2), the mean of N problems'
 * rates has sampling variance {@code sigma^2 sum_i (1 / n_i) / N^2}; with K samples each, {@code
 * sigma^2 / (K N)}. The run's 95% half-width is t standard errors, t at the degrees of freedom of
 * sigma^2's estimate ({@link PrecisionStopping#degreesOfFreedom}: 1.96 where many problems show
 * their spread, wider where few do). A projection to K samples per problem takes 1.96 (the spread
 * known), so +-h needs {@code K = ceil(1.96^2 sigma^2 / (N h^2))}. The problem-sampling part is
 * {@code 1.96 sqrt(between / N)} ({@link VarianceComponents}). See docs/STATISTICS.md, "What K was
 * enough".
 *
 * @param halfWidth the 95% half-width of pass@1 for the fixed problems at this run's samples; NaN
 *     when no problem has two samples (the within-problem spread is then unknown)
 * @param problemSamplingHalfWidth the 95% half-width the problems' own spread adds, whatever K
 * @param withinVariance sigma^2; NaN when unknown
 * @param problems N
 */
public record SamplingPrecision(
    double halfWidth, double problemSamplingHalfWidth, double withinVariance, int problems) {
  /** The normal quantile of a two-sided 95% interval. */
  public static final double Z95 = 1.959963984540054;

  /** The dataset's figures; needs at least 2 problems (as {@link VarianceComponents}). */
  public static SamplingPrecision of(int[] samples, int[] correct) {
    VarianceComponents components = PassAtOneStandardError.components(samples, correct);
    int n = components.problems();
    double inverseSamples = 0;
    boolean spreadKnown = false;
    for (int s : samples) {
      inverseSamples += 1.0 / s;
      spreadKnown |= s >= 2;
    }
    double within = spreadKnown ? components.within() : Double.NaN;
    double degrees =
        PrecisionStopping.degreesOfFreedom(
            samples, correct, PrecisionStopping.inverses(samples), within * inverseSamples);
    double halfWidth =
        PrecisionStopping.quantile95(degrees) * Math.sqrt(within * inverseSamples) / n;
    return new SamplingPrecision(halfWidth, Z95 * Math.sqrt(components.between() / n), within, n);
  }

  /** As {@link #of(int[], int[])}, from the problems' votes. */
  public static SamplingPrecision of(Collection<ProblemVotes> problems) {
    int[] samples = new int[problems.size()];
    int[] correct = new int[problems.size()];
    int i = 0;
    for (ProblemVotes p : problems) {
      samples[i] = p.samples();
      correct[i] = p.correct();
      i++;
    }
    return of(samples, correct);
  }

  /**
   * The 95% half-width for the fixed problems with {@code k} samples of each, the spread taken as
   * known (1.96 standard errors).
   */
  public double halfWidthAt(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("need k >= 1, got " + k);
    }
    return Z95 * Math.sqrt(withinVariance / ((double) k * problems));
  }

  /**
   * The fewest samples per problem whose 95% half-width for the fixed problems is at most {@code
   * halfWidth}; -1 when the within-problem spread is unknown.
   */
  public int samplesPerProblemFor(double halfWidth) {
    if (!(halfWidth > 0)) {
      throw new IllegalArgumentException("need a positive half-width, got " + halfWidth);
    }
    if (Double.isNaN(withinVariance)) {
      return -1;
    }
    double k = Z95 * Z95 * withinVariance / (problems * halfWidth * halfWidth);
    // the ceiling of a value computed a hair above an integer would add one sample
    return (int) Math.max(1, Math.ceil(k - 1e-9));
  }
}
