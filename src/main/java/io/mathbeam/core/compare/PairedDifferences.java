package io.mathbeam.core.compare;

import io.mathbeam.core.stats.ProblemBootstrap;
import java.util.Arrays;
import java.util.List;

/**
 * One metric's per-problem differences (candidate - baseline) over the shared problems, and for
 * pass@1 how much of their variance is the samples' noise, which more samples per problem shrink.
 *
 * <p>For pass@1, problem i's rate c/n in one run has within-problem variance theta(1 - theta)/n,
 * estimated without bias by p(1 - p)/(n - 1). The differences' variance S^2 is that noise of both
 * runs plus the spread of the true per-problem changes (heterogeneity), which no K removes:
 * Var(delta at K samples) = (H + A / K) / N, with A the within-problem variance of one sample of
 * each run and H = max(0, S^2 - within). Other metrics keep the total only.
 */
public final class PairedDifferences {
  private final double[] values;
  private final double withinVariance;
  private final double withinPerSample;
  private final int samples;

  private PairedDifferences(
      double[] values, double withinVariance, double withinPerSample, int samples) {
    this.values = values.clone();
    this.withinVariance = withinVariance;
    this.withinPerSample = withinPerSample;
    this.samples = samples;
  }

  /** Differences without a within-problem split. */
  public static PairedDifferences of(double[] values) {
    return new PairedDifferences(values, Double.NaN, Double.NaN, 0);
  }

  /**
   * pass@1 differences of the shared problems, {@code base.get(i)} paired with {@code cand.get(i)};
   * the split is NaN when some problem has a single sample (its noise cannot be told from its
   * rate).
   */
  static PairedDifferences ofSolveRates(
      double[] values, List<ProblemOutcome> base, List<ProblemOutcome> cand) {
    double within = 0;
    double perSample = 0;
    int smallest = Integer.MAX_VALUE;
    for (int i = 0; i < base.size(); i++) {
      for (ProblemOutcome p : List.of(base.get(i), cand.get(i))) {
        int n = p.samples();
        smallest = Math.min(smallest, n);
        if (n < 2) {
          return new PairedDifferences(values, Double.NaN, Double.NaN, smallest);
        }
        double rate = p.solveRate();
        double variance = rate * (1 - rate) / (n - 1);
        within += variance;
        perSample += variance * n;
      }
    }
    int count = base.size();
    return new PairedDifferences(values, within / count, perSample / count, smallest);
  }

  public int count() {
    return values.length;
  }

  public double[] values() {
    return values.clone();
  }

  /** sqrt(S^2 / N) of the differences. */
  public double standardError() {
    return ProblemBootstrap.standardErrorOfMean(values);
  }

  /** Whether the within-problem split is known (pass@1 with at least 2 samples per problem). */
  public boolean hasWithinSplit() {
    return !Double.isNaN(withinVariance);
  }

  /** The smallest number of samples of a problem in either run (0 without the split). */
  public int samples() {
    return samples;
  }

  /**
   * The standard error the samples' noise alone gives the mean difference, sqrt(within / N): what
   * two independent runs of unchanged models differ by. NaN without the split.
   */
  public double samplingStandardError() {
    return Math.sqrt(withinVariance / count());
  }

  /**
   * The standard error of the mean difference if every problem had {@code k} samples in each run:
   * sqrt((H + A / k) / N); NaN without the split.
   */
  public double standardErrorAt(double k) {
    if (!hasWithinSplit()) {
      return Double.NaN;
    }
    return Math.sqrt((heterogeneity() + withinPerSample / k) / count());
  }

  /**
   * The samples per problem (in each run) at which the standard error of the mean difference falls
   * to {@code target}: A / (N target^2 - H); infinite when even endless sampling would not get
   * there (the problems' own spread is too large: more problems are needed), NaN without the split.
   */
  public double samplesFor(double target) {
    if (!hasWithinSplit()) {
      return Double.NaN;
    }
    double room = count() * target * target - heterogeneity();
    return room <= 0 ? Double.POSITIVE_INFINITY : withinPerSample / room;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PairedDifferences other
        && Arrays.equals(values, other.values)
        && Double.compare(withinVariance, other.withinVariance) == 0
        && Double.compare(withinPerSample, other.withinPerSample) == 0
        && samples == other.samples;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values) * 31 + Double.hashCode(withinVariance);
  }

  @Override
  public String toString() {
    return "PairedDifferences[" + values.length + " problems, SE " + standardError() + "]";
  }

  /** H: the variance of the true per-problem changes, S^2 less the samples' noise, at least 0. */
  double heterogeneity() {
    double total = standardError() * standardError() * count();
    return Math.max(0, total - withinVariance);
  }
}
