package io.mathbeam.pipelines.bench;

import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.special.Beta;

/**
 * A population of problems' solve rates that a simulated benchmark draws from: a rate is 0 with
 * probability {@code zeroShare}, 1 with {@code oneShare}, and otherwise lo + (1 - lo) X with X ~
 * Beta(a, b). Each replication draws every problem's rate afresh, so intervals are judged against
 * the population's values below, which are exact (pass@k) or a quadrature of an exact integrand
 * (maj@k).
 */
final class SolveRateMix {
  /** Equal-probability points of the midpoint rule for maj@k's integral over the Beta part. */
  static final int QUADRATURE_POINTS = 20_000;

  /** The nightly suite; the first three are also the coverage study's. */
  static final List<SolveRateMix> SUITE =
      List.of(
          new SolveRateMix("aime-like", 30, 0.25, 0.20, 0, 0.7, 0.7),
          new SolveRateMix("math500-like", 500, 0.02, 0.50, 0, 2, 0.5),
          new SolveRateMix("gpqa-like", 198, 0, 0, 0.25, 1.5, 1),
          new SolveRateMix("amc-like", 83, 0.10, 0.30, 0, 1, 1),
          new SolveRateMix("minerva-like", 272, 0.30, 0.15, 0, 0.8, 1.2),
          new SolveRateMix("olympiad-like", 675, 0.20, 0.25, 0, 0.8, 0.8),
          new SolveRateMix("gsm8k-like", 1319, 0.01, 0.80, 0, 3, 0.7),
          new SolveRateMix("hmmt-like", 30, 0.45, 0.10, 0, 0.6, 1.0));

  private final String name;
  private final int problems;
  private final double zeroShare;
  private final double oneShare;
  private final double lowest;
  private final double a;
  private final double b;

  /** X's quantiles at (j + 0.5) / {@value #QUADRATURE_POINTS}; computed on first use. */
  private double[] betaQuantiles;

  SolveRateMix(
      String name,
      int problems,
      double zeroShare,
      double oneShare,
      double lowest,
      double a,
      double b) {
    if (problems < 2 || zeroShare < 0 || oneShare < 0 || zeroShare + oneShare >= 1) {
      throw new IllegalArgumentException(name + ": need 2+ problems and p0 + p1 < 1");
    }
    if (!(lowest >= 0 && lowest < 1 && a > 0 && b > 0)) {
      throw new IllegalArgumentException(name + ": need 0 <= lo < 1 and a, b > 0");
    }
    this.name = name;
    this.problems = problems;
    this.zeroShare = zeroShare;
    this.oneShare = oneShare;
    this.lowest = lowest;
    this.a = a;
    this.b = b;
  }

  static SolveRateMix named(String name) {
    return SUITE.stream()
        .filter(m -> m.name.equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no solve-rate mix named " + name));
  }

  String name() {
    return name;
  }

  int problems() {
    return problems;
  }

  double zeroShare() {
    return zeroShare;
  }

  double oneShare() {
    return oneShare;
  }

  double lowest() {
    return lowest;
  }

  double a() {
    return a;
  }

  double b() {
    return b;
  }

  double drawRate(SplittableRandom random) {
    double u = random.nextDouble();
    if (u < zeroShare) {
      return 0;
    }
    if (u < zeroShare + oneShare) {
      return 1;
    }
    return lowest + (1 - lowest) * BetaDraws.beta(a, b, random);
  }

  /** One rate per problem. */
  double[] drawRates(SplittableRandom random) {
    double[] rates = new double[problems];
    for (int i = 0; i < problems; i++) {
      rates[i] = drawRate(random);
    }
    return rates;
  }

  /**
   * E[1 - (1 - rate)^k]: 1 - rate = (1 - lo)(1 - X) and E[(1 - X)^k] = B(a, b + k) / B(a, b). At k
   * = 1 it is the mean rate.
   */
  double truePassAtK(int k) {
    double allMiss = Math.exp(Beta.logBeta(a, b + k) - Beta.logBeta(a, b));
    return oneShare + betaShare() * (1 - Math.pow(1 - lowest, k) * allMiss);
  }

  /**
   * The population's maj@k under {@link AnswerModel}: p1 f(1) + p0 f(0) + (1 - p0 - p1) E[f(lo + (1
   * - lo) X)] with f the expected vote score at a rate. The Beta part is the midpoint rule on
   * equal-probability points, applied to f(r) - r with E[r] added exactly: the rule's own error on
   * the mean of X (up to 1e-7 for Beta(3, 0.7), whose quantile function is steep near 1) then
   * cancels, and maj@1 = pass@1 holds to rounding, as it must.
   */
  double trueMajorityAtK(int k) {
    AnswerModel.MajorityCurve f = new AnswerModel.MajorityCurve(k);
    double[] x = betaQuantiles();
    double remainder = 0;
    for (double xj : x) {
      double rate = lowest + (1 - lowest) * xj;
      remainder += f.at(rate) - rate;
    }
    double meanRate = lowest + (1 - lowest) * a / (a + b);
    return oneShare * f.at(1)
        + zeroShare * f.at(0)
        + betaShare() * (meanRate + remainder / x.length);
  }

  private double betaShare() {
    return 1 - zeroShare - oneShare;
  }

  private synchronized double[] betaQuantiles() {
    if (betaQuantiles == null) {
      BetaDistribution beta = new BetaDistribution(a, b);
      double[] x = new double[QUADRATURE_POINTS];
      for (int j = 0; j < x.length; j++) {
        x[j] = beta.inverseCumulativeProbability((j + 0.5) / QUADRATURE_POINTS);
      }
      betaQuantiles = x;
    }
    return betaQuantiles;
  }

  @Override
  public String toString() {
    return name;
  }
}
