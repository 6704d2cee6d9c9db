package io.mathbeam.pipelines.bench;

import java.util.SplittableRandom;

/**
 * Beta and Gamma variates from a {@link SplittableRandom}, so that a simulation's draws depend on
 * its seed alone. Beta(a, b) = X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b); Gamma by Marsaglia and
 * Tsang (2000), "A simple method for generating gamma variables", ACM TOMS 26(3), with their boost
 * Gamma(a) = Gamma(a + 1) U^(1/a) for a shape below 1.
 */
final class BetaDraws {
  private BetaDraws() {}

  static double beta(double a, double b, SplittableRandom random) {
    while (true) {
      double x = gamma(a, random);
      double y = gamma(b, random);
      // both can underflow to 0 only for shapes far below the mixes' (U^(1/a) with a tiny a)
      if (x + y > 0) {
        return x / (x + y);
      }
    }
  }

  static double gamma(double shape, SplittableRandom random) {
    if (!(shape > 0)) {
      throw new IllegalArgumentException("need a shape > 0, got " + shape);
    }
    if (shape < 1) {
      double u = random.nextDouble();
      return gamma(shape + 1, random) * Math.pow(u, 1 / shape);
    }
    double d = shape - 1.0 / 3;
    double c = 1 / Math.sqrt(9 * d);
    while (true) {
      double x = random.nextGaussian();
      double v = 1 + c * x;
      if (v <= 0) {
        continue;
      }
      v = v * v * v;
      double u = random.nextDouble();
      // the squeeze accepts most draws without a logarithm
      if (u < 1 - 0.0331 * x * x * x * x) {
        return d * v;
      }
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
        return d * v;
      }
    }
  }
}
