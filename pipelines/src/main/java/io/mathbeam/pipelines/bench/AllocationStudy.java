package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.PhasedAllocation;
import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.core.stats.SamplingPrecision;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * {@code bench-precision --allocation=true}: would sending later samples where they pay beat
 * uniform rounds? A simulation with known rates and token costs (a problem's tokens per sample vary
 * with its difficulty and a log-normal factor; each sample's tokens around that mean), at targets
 * that a uniform run meets with K = 8, 16, 32 and 64 samples per problem.
 *
 * <p>The procedure: a first round of 2 samples per problem; the stopping rule's projection of the
 * uniform K the target needs; a uniform first phase up to {@link PhasedAllocation#firstPhase} of
 * that; then {@link PhasedAllocation}'s second phase where it projects fewer tokens than uniform
 * rounds to the same variance (and further phases while the estimated interval is wider than the
 * target, as {@code eval} runs them), else uniform rounds. Two ways to get each problem's E[theta
 * (1 - theta)] for the plan: the posterior under the mix's true prior (the reference that knows the
 * prior, not the rates) and under the prior {@code PrecisionStopping} fits. Efficiency is tokens
 * times the estimate's true variance over the same for uniform sampling (1.0 = uniform; 0.9 = the
 * same precision for 10% fewer tokens); coverage of the estimated 95% interval and the bias are
 * against the fixed problems' mean rate. Beside the two-phase estimate, the pooled mean c_i / n_i
 * of the same samples shows what the data-dependent design does to it.
 */
final class AllocationStudy {
  private static final int FIRST_ROUND = 2;
  private static final int CEILING = 1024;

  /** The uniform first phase and at most three planned ones. */
  private static final int MOST_PHASES = 4;

  private static final int GRID = 400;
  private static final List<String> MIXES = List.of("aime-like", "math500-like", "gpqa-like");
  private static final double[] BOUNDS = {0.90, 0.95, 1.02};
  private static final int[] UNIFORM_K = {4, 8, 16, 32, 64};

  private AllocationStudy() {}

  /** Figures of one procedure at one target. */
  private static final class Tally {
    double efficiency;
    double pooledEfficiency;
    int covered;
    int pooledCovered;
    double bias;
    double pooledBias;
    int allocated;
    int phases;
  }

  static List<CalibrationTarget> run(int replications, long seed, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%nAllocation (samples where they pay), %d replications per mix and target; efficiency ="
            + " tokens x true variance, uniform = 1%n",
        replications);
    out.printf(
        Locale.ROOT,
        "%-14s %9s %7s %-9s %9s %6s %9s %8s %9s   %9s %8s %9s%n",
        "mix",
        "uniform K",
        "target",
        "prior",
        "allocated",
        "phases",
        "two-phase",
        "coverage",
        "bias (pt)",
        "pooled",
        "coverage",
        "bias (pt)");
    List<CalibrationTarget> targets = new ArrayList<>();
    for (int m = 0; m < MIXES.size(); m++) {
      SolveRateMix mix = SolveRateMix.named(MIXES.get(m));
      double[][] grid = grid(mix);
      double meanVariance = expectation(grid, th -> th * (1 - th));
      for (int k : UNIFORM_K) {
        double target = SamplingPrecision.Z95 * Math.sqrt(meanVariance / (mix.problems() * k));
        Tally reference = new Tally();
        Tally fitted = new Tally();
        for (int r = 0; r < replications; r++) {
          SplittableRandom random =
              new SplittableRandom(seed * 7_919L + m * 104_729L + k * 31L + r);
          replicate(mix, target, grid, random, reference, fitted, replications);
        }
        for (Tally t : List.of(reference, fitted)) {
          out.printf(
              Locale.ROOT,
              "%-14s %9d %7s %-9s %8.0f%% %6.2f %9.3f %7.1f%% %+9.3f   %9.3f %7.1f%% %+9.3f%n",
              mix.name(),
              k,
              String.format(Locale.ROOT, "+-%.2f", 100 * target),
              t == reference ? "the mix's" : "fitted",
              100.0 * t.allocated / replications,
              t.allocated == 0 ? 0.0 : (double) t.phases / t.allocated,
              t.efficiency,
              100.0 * t.covered / replications,
              100 * t.bias,
              t.pooledEfficiency,
              100.0 * t.pooledCovered / replications,
              100 * t.pooledBias);
        }
        String label = String.format(Locale.ROOT, "%s at uniform K = %d", mix.name(), k);
        targets.add(
            new CalibrationTarget(
                String.format(
                    Locale.ROOT, "allocation %s tokens %.3fx uniform", label, fitted.efficiency),
                String.format(Locale.ROOT, "<= %.2fx", BOUNDS[m]),
                fitted.efficiency <= BOUNDS[m]));
        targets.add(
            new CalibrationTarget(
                String.format(
                    Locale.ROOT,
                    "allocation %s fitted vs reference %.3fx",
                    label,
                    fitted.efficiency / reference.efficiency),
                "<= 1.05x",
                fitted.efficiency <= 1.05 * reference.efficiency));
        targets.add(
            CalibrationTarget.coverage("allocation " + label, fitted.covered, replications));
        targets.add(
            new CalibrationTarget(
                String.format(
                    Locale.ROOT, "allocation %s bias %+.3f points", label, 100 * fitted.bias),
                "|bias| <= 0.2 points",
                Math.abs(fitted.bias) <= 0.002));
      }
    }
    return targets;
  }

  /** The simulated dataset of one replication and its samples so far. */
  private static final class Dataset {
    final double[] theta;
    final double[] tokens;
    final int[] correct;
    final double[] tokensSeen;
    final double[] tokensSquared;
    int samples;

    Dataset(double[] theta, double[] tokens) {
      this.theta = theta;
      this.tokens = tokens;
      this.correct = new int[theta.length];
      this.tokensSeen = new double[theta.length];
      this.tokensSquared = new double[theta.length];
    }

    /** Every problem's samples up to {@code k}. */
    void sampleUpTo(int k, SplittableRandom random) {
      for (int i = 0; i < theta.length; i++) {
        for (int j = samples; j < k; j++) {
          correct[i] += random.nextDouble() < theta[i] ? 1 : 0;
          double t = tokens[i] * gammaFour(random);
          tokensSeen[i] += t;
          tokensSquared[i] += t * t;
        }
      }
      samples = Math.max(samples, k);
    }

    /** As eval learns them: each problem's mean so far, shrunk toward the dataset's. */
    double[] tokensPerSample() {
      return PhasedAllocation.shrunkTokensPerSample(
          tokensSeen, tokensSquared, PrecisionBenchmark.filled(theta.length, samples));
    }

    double mean() {
      double sum = 0;
      for (double th : theta) {
        sum += th;
      }
      return sum / theta.length;
    }
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
    for (int i = 0; i < n; i++) {
      tokens[i] = 4000 * Math.exp(0.4 * random.nextGaussian()) * (1.6 - theta[i]);
      sumTokens += tokens[i];
      sumVariance += theta[i] * (1 - theta[i]);
    }
    double uniformProduct = sumTokens * sumVariance / ((double) n * n);
    Dataset data = new Dataset(theta, tokens);
    data.sampleUpTo(FIRST_ROUND, random);
    PrecisionStopping.Decision d =
        new PrecisionStopping(target, CEILING)
            .decide(PrecisionBenchmark.filled(n, FIRST_ROUND), data.correct);
    int n1 =
        d.status() == PrecisionStopping.Status.MORE
            ? PhasedAllocation.firstPhase(d.nextSamplesPerProblem(), FIRST_ROUND)
            : FIRST_ROUND;
    data.sampleUpTo(n1, random);
    int[] firstSamples = PrecisionBenchmark.filled(n, n1);
    double[] referenceVariance = new double[n];
    for (int i = 0; i < n; i++) {
      int c = data.correct[i];
      referenceVariance[i] = expectation(grid, c, n1, th -> th * (1 - th));
    }
    double[] fittedVariance = PrecisionStopping.problemVariances(firstSamples, data.correct);
    double star =
        PhasedAllocation.targetVariance(target, firstSamples, data.correct, fittedVariance);
    double[] learnt = data.tokensPerSample();
    double mean = data.mean();
    for (Object[] plan :
        new Object[][] {{referenceVariance, reference}, {fittedVariance, fitted}}) {
      double[] v = (double[]) plan[0];
      Tally tally = (Tally) plan[1];
      int[][] earlier = {firstSamples};
      int[] more = PhasedAllocation.plan(v, learnt, earlier, star);
      if (d.status() != PrecisionStopping.Status.MORE
          || !PhasedAllocation.pays(more, v, learnt, n1, star)) {
        // uniform rounds: tokens times the pooled mean's variance is the uniform product itself
        tally.efficiency += 1.0 / replications;
        tally.pooledEfficiency += 1.0 / replications;
        int k = PhasedAllocation.uniformSamples(v, n1, star);
        int[] correct = data.correct.clone();
        for (int i = 0; i < n; i++) {
          for (int j = n1; j < k; j++) {
            correct[i] += random.nextDouble() < theta[i] ? 1 : 0;
          }
        }
        int[] samples = PrecisionBenchmark.filled(n, k);
        double estimate = 0;
        for (int i = 0; i < n; i++) {
          estimate += (double) correct[i] / k / n;
        }
        double halfWidth =
            new PrecisionStopping(target, CEILING).decide(samples, correct).halfWidth();
        boolean covered = Math.abs(estimate - mean) <= halfWidth;
        tally.covered += covered ? 1 : 0;
        tally.pooledCovered += covered ? 1 : 0;
        tally.bias += (estimate - mean) / replications;
        tally.pooledBias += (estimate - mean) / replications;
        continue;
      }
      tally.allocated++;
      List<int[]> phases = new ArrayList<>(List.of(firstSamples));
      List<int[]> phaseCorrect = new ArrayList<>(List.of(data.correct.clone()));
      int[] all = data.correct.clone();
      int[] samples = firstSamples.clone();
      double[] after;
      while (true) {
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < more[i]; j++) {
            c[i] += random.nextDouble() < theta[i] ? 1 : 0;
          }
          all[i] += c[i];
          samples[i] += more[i];
        }
        phases.add(more);
        phaseCorrect.add(c);
        after = PrecisionStopping.problemVariances(samples, all);
        int[][] drawn = phases.toArray(int[][]::new);
        if (PhasedAllocation.halfWidth(drawn, all, after) <= target
            || phases.size() >= MOST_PHASES) {
          break;
        }
        more = PhasedAllocation.plan(after, learnt, drawn, star);
      }
      int[][] drawn = phases.toArray(int[][]::new);
      double[] lambda = PhasedAllocation.weights(drawn);
      double cost = 0;
      double trueVariance = 0;
      double pooledVariance = 0;
      double pooled = 0;
      for (int i = 0; i < n; i++) {
        cost += tokens[i] * samples[i];
        double w = 0;
        for (int p = 0; p < drawn.length; p++) {
          w += lambda[p] * lambda[p] / drawn[p][i];
        }
        double s2 = theta[i] * (1 - theta[i]);
        trueVariance += s2 * w / ((double) n * n);
        pooledVariance += s2 / samples[i] / ((double) n * n);
        pooled += (double) all[i] / samples[i] / n;
      }
      double estimate = PhasedAllocation.estimate(drawn, phaseCorrect.toArray(int[][]::new));
      double halfWidth = PhasedAllocation.halfWidth(drawn, all, after);
      // the pooled mean's interval as a run of these samples without the phases would report it
      double pooledHalfWidth =
          new PrecisionStopping(target, CEILING).decide(samples, all).halfWidth();
      tally.efficiency += cost * trueVariance / uniformProduct / replications;
      tally.pooledEfficiency += cost * pooledVariance / uniformProduct / replications;
      tally.covered += Math.abs(estimate - mean) <= halfWidth ? 1 : 0;
      tally.pooledCovered += Math.abs(pooled - mean) <= pooledHalfWidth ? 1 : 0;
      tally.bias += (estimate - mean) / replications;
      tally.pooledBias += (pooled - mean) / replications;
      tally.phases += drawn.length;
    }
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

  /** E[f(theta)] under the mix. */
  private static double expectation(double[][] grid, DoubleUnaryOperator f) {
    return expectation(grid, 0, 0, f);
  }

  /** E[f(theta) | c of n] under the mix. */
  private static double expectation(double[][] grid, int c, int n, DoubleUnaryOperator f) {
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
