package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.core.stats.SamplingPrecision;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * {@code bench-precision --allocation=true}: would sending later samples where they pay beat
 * uniform rounds? A simulation with known rates and token costs (a problem's tokens per sample vary
 * with its difficulty and a log-normal factor; each sample's tokens around that mean). After a
 * first round of 2 samples per problem, each problem i gets m_i >= 1 more, in proportion to
 * sqrt(v_i / t_i) (v_i its posterior E[theta (1 - theta)], t_i its tokens per sample learnt from
 * the first round: Neyman's allocation per token), sized for the target.
 *
 * <p>Two estimators of a problem's rate on those samples: the pooled mean (c_i / n_i), which is
 * biased because m_i depends on the problem's own first samples, and the two-phase one, lambda
 * times the first round's mean plus (1 - lambda) times the second's, with lambda the same for every
 * problem, which is unbiased. Two ways to get v_i: the posterior under the mix's true prior (the
 * reference that knows the prior, not the rates) and under the prior {@code PrecisionStopping}
 * fits. Efficiency is tokens times the estimate's true variance, over the same for uniform sampling
 * (1.0 = uniform; 0.9 = the same precision for 10% fewer tokens); coverage of the estimated 95%
 * interval and the bias are against the fixed problems' mean rate. A third procedure draws which
 * problems get a second round ({@link SelectionAllocation}).
 */
final class AllocationStudy {
  private static final int FIRST_ROUND = 2;
  private static final int GRID = 400;
  private static final List<String> MIXES = List.of("aime-like", "math500-like", "gpqa-like");
  private static final double[] TARGETS = {0.02, 0.01, 0.02};

  private AllocationStudy() {}

  /** Figures of one procedure. */
  private static final class Tally {
    double efficiency;
    double pooledEfficiency;
    int covered;
    int pooledCovered;
    double bias;
    double pooledBias;
    double selectedEfficiency;
    int selectedCovered;
    double selectedBias;
  }

  static List<CalibrationTarget> run(int replications, long seed, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%nAllocation (samples where they pay), %d replications per mix; efficiency = tokens x"
            + " true variance, uniform = 1%n",
        replications);
    out.printf(
        Locale.ROOT,
        "%-14s %6s %-9s %9s %8s %9s   %9s %8s %9s   %9s %8s %9s%n",
        "mix",
        "target",
        "prior",
        "two-phase",
        "coverage",
        "bias (pt)",
        "pooled",
        "coverage",
        "bias (pt)",
        "selected",
        "coverage",
        "bias (pt)");
    List<CalibrationTarget> targets = new ArrayList<>();
    double[] bounds = {0.90, 0.95, 1.02};
    for (int m = 0; m < MIXES.size(); m++) {
      SolveRateMix mix = SolveRateMix.named(MIXES.get(m));
      double[][] grid = grid(mix);
      Tally reference = new Tally();
      Tally fitted = new Tally();
      for (int r = 0; r < replications; r++) {
        SplittableRandom random = new SplittableRandom(seed * 7_919L + m * 104_729L + r);
        replicate(mix, TARGETS[m], grid, random, reference, fitted, replications);
      }
      for (Tally t : List.of(reference, fitted)) {
        out.printf(
            Locale.ROOT,
            "%-14s %6s %-9s %9.3f %7.1f%% %+9.3f   %9.3f %7.1f%% %+9.3f   %9.3f %7.1f%% %+9.3f%n",
            mix.name(),
            String.format(Locale.ROOT, "+-%.0f", 100 * TARGETS[m]),
            t == reference ? "the mix's" : "fitted",
            t.efficiency,
            100.0 * t.covered / replications,
            100 * t.bias,
            t.pooledEfficiency,
            100.0 * t.pooledCovered / replications,
            100 * t.pooledBias,
            t.selectedEfficiency,
            100.0 * t.selectedCovered / replications,
            100 * t.selectedBias);
      }
      targets.add(
          new CalibrationTarget(
              String.format(
                  Locale.ROOT,
                  "allocation %s tokens %.3fx uniform (two-phase, fitted prior)",
                  mix.name(),
                  fitted.efficiency),
              String.format(Locale.ROOT, "<= %.2fx", bounds[m]),
              fitted.efficiency <= bounds[m]));
      targets.add(
          new CalibrationTarget(
              String.format(
                  Locale.ROOT,
                  "allocation %s fitted vs reference %.3fx",
                  mix.name(),
                  fitted.efficiency / reference.efficiency),
              "<= 1.05x",
              fitted.efficiency <= 1.05 * reference.efficiency));
    }
    return targets;
  }

  private static void replicate(
      SolveRateMix mix,
      double target,
      double[][] grid,
      SplittableRandom random,
      Tally reference,
      Tally fitted,
      int replications) {
    double[] theta = mix.drawRates(random);
    int n = theta.length;
    double[] tokens = new double[n];
    double sumTokens = 0;
    double sumVariance = 0;
    int[] first = new int[n];
    double[] learnt = new double[n];
    for (int i = 0; i < n; i++) {
      tokens[i] = 4000 * Math.exp(0.4 * random.nextGaussian()) * (1.6 - theta[i]);
      sumTokens += tokens[i];
      sumVariance += theta[i] * (1 - theta[i]);
      for (int j = 0; j < FIRST_ROUND; j++) {
        first[i] += random.nextDouble() < theta[i] ? 1 : 0;
        learnt[i] += tokens[i] * gammaFour(random) / FIRST_ROUND;
      }
    }
    double uniformProduct = sumTokens * sumVariance / ((double) n * n);
    double[] referenceVariance = new double[n];
    double[] referenceGap = new double[n];
    for (int i = 0; i < n; i++) {
      referenceVariance[i] = posterior(grid, first[i], FIRST_ROUND);
      referenceGap[i] = posteriorGap(grid, first[i], FIRST_ROUND);
    }
    int[] firstSamples = PrecisionBenchmark.filled(n, FIRST_ROUND);
    double[] fittedVariance = PrecisionStopping.problemVariances(firstSamples, first);
    double[] prior = PrecisionStopping.fittedPrior(firstSamples, first);
    double[] fittedGap = new double[n];
    for (int i = 0; i < n; i++) {
      double a = prior[0] + first[i];
      double b = prior[1] + FIRST_ROUND - first[i];
      double mean = a / (a + b);
      double gap = mean - (double) first[i] / FIRST_ROUND;
      fittedGap[i] = a * b / ((a + b) * (a + b) * (a + b + 1)) + gap * gap;
    }
    double mixMean = 0;
    for (double th : theta) {
      mixMean += th / n;
    }
    double star = Math.pow(target / SamplingPrecision.Z95, 2);
    for (Object[] plan :
        new Object[][] {
          {referenceVariance, referenceGap, reference}, {fittedVariance, fittedGap, fitted}
        }) {
      SelectionAllocation.Outcome o =
          SelectionAllocation.run(
              theta,
              tokens,
              first,
              FIRST_ROUND,
              (double[]) plan[0],
              (double[]) plan[1],
              learnt,
              star,
              random);
      Tally tally = (Tally) plan[2];
      tally.selectedEfficiency += o.cost() * o.trueVariance() / uniformProduct / replications;
      tally.selectedCovered +=
          Math.abs(o.estimate() - mixMean)
                  <= SamplingPrecision.Z95 * Math.sqrt(o.estimatedVariance())
              ? 1
              : 0;
      tally.selectedBias += (o.estimate() - mixMean) / replications;
    }
    // the second round's outcomes are drawn once per problem, up to the most either plan asks
    for (Object[] plan :
        new Object[][] {{referenceVariance, reference}, {fittedVariance, fitted}}) {
      double[] v = (double[]) plan[0];
      Tally tally = (Tally) plan[1];
      Allocation a = allocate(v, learnt, star, n);
      int[] second = new int[n];
      double cost = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < a.more[i]; j++) {
          second[i] += random.nextDouble() < theta[i] ? 1 : 0;
        }
        cost += tokens[i] * (FIRST_ROUND + a.more[i]);
      }
      double mean = 0;
      double estimate = 0;
      double pooled = 0;
      double trueVariance = 0;
      double pooledVariance = 0;
      int[] all = new int[n];
      int[] samples = new int[n];
      for (int i = 0; i < n; i++) {
        mean += theta[i] / n;
        estimate +=
            (a.lambda * first[i] / FIRST_ROUND + (1 - a.lambda) * second[i] / (double) a.more[i])
                / n;
        all[i] = first[i] + second[i];
        samples[i] = FIRST_ROUND + a.more[i];
        pooled += (double) all[i] / samples[i] / n;
        double s2 = theta[i] * (1 - theta[i]);
        trueVariance += s2 * weights(a.lambda, a.more[i]) / ((double) n * n);
        pooledVariance += s2 / samples[i] / ((double) n * n);
      }
      double[] after = PrecisionStopping.problemVariances(samples, all);
      double estimatedVariance = 0;
      double estimatedPooled = 0;
      for (int i = 0; i < n; i++) {
        estimatedVariance += after[i] * weights(a.lambda, a.more[i]) / ((double) n * n);
        estimatedPooled += after[i] / samples[i] / ((double) n * n);
      }
      tally.efficiency += cost * trueVariance / uniformProduct / replications;
      tally.pooledEfficiency += cost * pooledVariance / uniformProduct / replications;
      double z = SamplingPrecision.Z95;
      tally.covered += Math.abs(estimate - mean) <= z * Math.sqrt(estimatedVariance) ? 1 : 0;
      tally.pooledCovered += Math.abs(pooled - mean) <= z * Math.sqrt(estimatedPooled) ? 1 : 0;
      tally.bias += (estimate - mean) / replications;
      tally.pooledBias += (pooled - mean) / replications;
    }
  }

  private static double weights(double lambda, int more) {
    return lambda * lambda / FIRST_ROUND + (1 - lambda) * (1 - lambda) / more;
  }

  /** The second round's samples per problem and the first round's weight. */
  private static final class Allocation {
    int[] more;
    double lambda;
  }

  /**
   * Minimises sum t_i m_i subject to sum v_i (lambda^2 / n1 + (1 - lambda)^2 / m_i) / N^2 <= V*,
   * m_i >= 1, with lambda = n1 / (n1 + mean m): m_i proportional to sqrt(v_i / t_i), iterated.
   */
  private static Allocation allocate(double[] v, double[] t, double star, int n) {
    double sumV = 0;
    double s = 0;
    for (int i = 0; i < n; i++) {
      sumV += v[i];
      s += Math.sqrt(v[i] * t[i]);
    }
    double lambda = 0.1;
    Allocation a = new Allocation();
    a.more = new int[n];
    for (int iteration = 0; iteration < 30; iteration++) {
      double budget = star * n * n - lambda * lambda * sumV / FIRST_ROUND;
      if (budget <= 0) {
        lambda /= 2;
        continue;
      }
      double total = 0;
      for (int i = 0; i < n; i++) {
        double m = (1 - lambda) * (1 - lambda) * Math.sqrt(v[i] / t[i]) * s / budget;
        a.more[i] = (int) Math.max(1, Math.ceil(m));
        total += a.more[i];
      }
      double next = FIRST_ROUND / (FIRST_ROUND + total / n);
      if (Math.abs(next - lambda) < 1e-5) {
        lambda = next;
        break;
      }
      lambda = next;
    }
    a.lambda = lambda;
    return a;
  }

  /** Points and weights of the mix: the two point masses, then the Beta part's quantiles. */
  private static double[][] grid(SolveRateMix mix) {
    BetaDistribution beta = new BetaDistribution(mix.a(), mix.b());
    double[] theta = new double[GRID + 2];
    double[] weight = new double[GRID + 2];
    theta[0] = 0;
    weight[0] = mix.zeroShare();
    theta[1] = 1;
    weight[1] = mix.oneShare();
    double rest = 1 - mix.zeroShare() - mix.oneShare();
    for (int g = 0; g < GRID; g++) {
      double x = beta.inverseCumulativeProbability((g + 0.5) / GRID);
      theta[g + 2] = mix.lowest() + (1 - mix.lowest()) * x;
      weight[g + 2] = rest / GRID;
    }
    return new double[][] {theta, weight};
  }

  /** E[theta (1 - theta) | c of n] under the mix. */
  private static double posterior(double[][] grid, int c, int n) {
    return posterior(grid, c, n, th -> th * (1 - th));
  }

  /** E[(theta - c / n)^2 | c of n] under the mix. */
  private static double posteriorGap(double[][] grid, int c, int n) {
    double rate = (double) c / n;
    return posterior(grid, c, n, th -> (th - rate) * (th - rate));
  }

  /** E[f(theta) | c of n] under the mix. */
  private static double posterior(
      double[][] grid, int c, int n, java.util.function.DoubleUnaryOperator f) {
    double mass = 0;
    double sum = 0;
    for (int g = 0; g < grid[0].length; g++) {
      double th = grid[0][g];
      double like = Math.pow(th, c) * Math.pow(1 - th, n - c) * grid[1][g];
      mass += like;
      sum += like * f.applyAsDouble(th);
    }
    return mass > 0 ? sum / mass : 0;
  }

  /** Gamma(4, 1/4): mean 1, the spread of one sample's tokens around its problem's mean. */
  private static double gammaFour(SplittableRandom random) {
    double sum = 0;
    for (int k = 0; k < 4; k++) {
      sum -= Math.log(1 - random.nextDouble());
    }
    return sum / 4;
  }
}
