package io.mathbeam.core.stats;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.Test;

public class PhasedAllocationTest {
  @Test
  public void theSecondPhaseGoesWhereItPaysAndMeetsTheTarget() {
    double[] v = {0.0, 0.25, 0.25, 0.09, 0.0, 0.16};
    double[] t = {1000, 1000, 4000, 1000, 1000, 1000};
    int[] first = {4, 4, 4, 4, 4, 4};
    double star = 0.0004;
    int[] m = PhasedAllocation.plan(v, t, new int[][] {first}, star);
    // the floor: a problem with no variance still gets one sample
    assertEquals(1, m[0]);
    assertEquals(1, m[4]);
    // more variance, more samples; four times the tokens, half as many (sqrt(v / t))
    assertTrue(Arrays.toString(m), m[1] > m[5] && m[5] > m[3] && m[3] > m[0]);
    assertEquals(m[1] / 2.0, m[2], 1.0);
    double mean = Arrays.stream(m).average().orElseThrow();
    assertArrayEquals(
        new double[] {4 / (4 + mean), mean / (4 + mean)},
        PhasedAllocation.weights(new int[][] {first, m}),
        1e-12);
    // the projected variance of the mean is at most the target's, and not far below it
    double variance = PhasedAllocation.variance(new int[][] {first, m}, v);
    assertTrue(variance + " vs " + star, variance <= star && variance > 0.8 * star);
  }

  @Test
  public void aLaterPhaseCountsTheEarlierOnes() {
    double[] v = {0.2, 0.2, 0.05, 0.0};
    double[] t = {1000, 1000, 1000, 1000};
    int[] first = {4, 4, 4, 4};
    int[] second = {6, 6, 3, 1};
    double star = 0.0015;
    int[][] earlier = {first, second};
    assertTrue(PhasedAllocation.variance(earlier, v) > star);
    int[] third = PhasedAllocation.plan(v, t, earlier, star);
    double variance = PhasedAllocation.variance(new int[][] {first, second, third}, v);
    assertTrue(variance + " vs " + star, variance <= star && variance > 0.7 * star);
    assertTrue(Arrays.toString(third), third[0] > third[2] && third[2] >= third[3]);
  }

  @Test
  public void theEstimateWeighsEachPhaseAlikeInEveryProblem() {
    int[][] samples = {{4, 4}, {2, 6}};
    int[][] correct = {{3, 0}, {1, 3}};
    // weights 4/8 and 4/8: (0.5 * 3/4 + 0.5 * 1/2 + 0.5 * 0/4 + 0.5 * 3/6) / 2
    assertEquals(0.4375, PhasedAllocation.estimate(samples, correct), 1e-12);
    assertArrayEquals(
        new double[] {0.625, 0.25}, PhasedAllocation.problemEstimates(samples, correct), 1e-12);
    double expected = (0.25 * (0.25 / 4 + 0.25 / 2) + 0.25 * (0.25 / 4 + 0.25 / 6)) / 4;
    assertEquals(expected, PhasedAllocation.variance(samples, new double[] {0.25, 0.25}), 1e-12);
  }

  @Test
  public void uniformRoundsAreKeptWhereTheProblemsAreAlike() {
    double[] v = new double[50];
    double[] t = new double[50];
    Arrays.fill(v, 0.2);
    Arrays.fill(t, 2000);
    int[] first = new int[50];
    Arrays.fill(first, 8);
    double star = Math.pow(0.02 / SamplingPrecision.Z95, 2);
    int[] more = PhasedAllocation.plan(v, t, new int[][] {first}, star);
    assertFalse(PhasedAllocation.pays(more, v, t, 8, star));
    // 0.2 / (50 * 1.04e-4) = 38.4: 39 per problem
    assertEquals(39, PhasedAllocation.uniformSamples(v, 8, star));
    assertEquals(8, PhasedAllocation.uniformSamples(v, 8, 1.0));
    // half likely never or always solved: a sample each for those, many for the rest
    for (int i = 0; i < 25; i++) {
      v[i] = 0.01;
    }
    more = PhasedAllocation.plan(v, t, new int[][] {first}, star);
    assertTrue(PhasedAllocation.pays(more, v, t, 8, star));
  }

  @Test
  public void tokensPerSampleAreShrunkByHowMuchOfTheirSpreadIsNoise() {
    // two problems whose samples vary as much within as their means differ: mostly noise
    double[] sums = {4 * 900, 4 * 1100};
    double[] squares = {2 * 400.0 * 400 + 2 * 1400.0 * 1400, 2 * 600.0 * 600 + 2 * 1600.0 * 1600};
    int[] counts = {4, 4};
    double[] noisy = PhasedAllocation.shrunkTokensPerSample(sums, squares, counts);
    assertArrayEquals(new double[] {1000, 1000}, noisy, 1e-9);
    // the same means with tight samples: the means are the problems' own
    double[] tight = {4.0 * 900 * 900 + 4, 4.0 * 1100 * 1100 + 4};
    double[] kept = PhasedAllocation.shrunkTokensPerSample(sums, tight, counts);
    assertEquals(900, kept[0], 1.0);
    assertEquals(1100, kept[1], 1.0);
    // in between: toward the dataset's mean, in order
    SplittableRandom random = new SplittableRandom(3);
    int n = 200;
    double[] s = new double[n];
    double[] q = new double[n];
    int[] c = new int[n];
    double[] own = new double[n];
    for (int i = 0; i < n; i++) {
      own[i] = 2000 * Math.exp(0.3 * random.nextGaussian());
      c[i] = 6;
      for (int j = 0; j < 6; j++) {
        double t = own[i] * Math.exp(0.6 * random.nextGaussian());
        s[i] += t;
        q[i] += t * t;
      }
    }
    double[] shrunk = PhasedAllocation.shrunkTokensPerSample(s, q, c);
    double rawError = 0;
    double shrunkError = 0;
    for (int i = 0; i < n; i++) {
      rawError += Math.pow(s[i] / 6 - own[i] * Math.exp(0.18), 2);
      shrunkError += Math.pow(shrunk[i] - own[i] * Math.exp(0.18), 2);
    }
    assertTrue(shrunkError + " vs " + rawError, shrunkError < 0.8 * rawError);
  }

  @Test
  public void theFirstPhaseIsHalfTheProjectedUniformK() {
    assertEquals(8, PhasedAllocation.firstPhase(16, 2));
    assertEquals(9, PhasedAllocation.firstPhase(17, 2));
    assertEquals(4, PhasedAllocation.firstPhase(5, 4));
  }

  @Test
  public void badInputIsRefused() {
    double[] v = {0.1, 0.2};
    int[][] first = {{2, 2}};
    assertThrows(
        IllegalArgumentException.class,
        () -> PhasedAllocation.plan(v, new double[] {1, 0}, first, 0.001));
    assertThrows(
        IllegalArgumentException.class,
        () -> PhasedAllocation.plan(v, new double[] {1}, first, 0.001));
    assertThrows(
        IllegalArgumentException.class,
        () -> PhasedAllocation.plan(v, new double[] {1, 1}, new int[0][], 0.001));
    assertThrows(
        IllegalArgumentException.class,
        () -> PhasedAllocation.plan(v, new double[] {1, 1}, first, 0));
    assertThrows(
        IllegalArgumentException.class, () -> PhasedAllocation.weights(new int[][] {{2, 0}}));
  }

  /**
   * Simulation with known rates, half of the problems always solved and the rest spread below 1
   * (MATH-500's shape), phases as eval runs them (planned from each replication's own samples under
   * the fitted prior, another while the estimated interval is wider than the target): the phased
   * estimate is unbiased, its error about the target's and its interval covers the fixed problems'
   * mean about 95% of the time, while the pooled mean c_i / n_i of the same samples is biased by
   * the design (a problem seen n1 of n1 gets few more samples, so its high first phase weighs
   * more).
   */
  @Test
  public void theEstimateKeepsItsMeaningUnderTheDataDependentDesign() {
    SplittableRandom random = new SplittableRandom(28);
    int problems = 500;
    double[] rates = new double[problems];
    double truth = 0;
    for (int i = 0; i < problems; i++) {
      // Beta(2, 1): the larger of two uniforms
      rates[i] =
          random.nextDouble() < 0.5 ? 1.0 : Math.max(random.nextDouble(), random.nextDouble());
      truth += rates[i] / problems;
    }
    double[] tokens = new double[problems];
    Arrays.fill(tokens, 1000);
    int n1 = 8;
    double star = Math.pow(0.005 / SamplingPrecision.Z95, 2);
    int replications = 1000;
    double bias = 0;
    double pooledBias = 0;
    double squared = 0;
    int covered = 0;
    int[] first = new int[problems];
    Arrays.fill(first, n1);
    for (int r = 0; r < replications; r++) {
      List<int[]> samples = new ArrayList<>(List.of(first));
      List<int[]> correct = new ArrayList<>(List.of(draw(rates, first, random)));
      int[] allSamples = first.clone();
      int[] all = correct.get(0).clone();
      double[] v = PrecisionStopping.problemVariances(allSamples, all);
      while (true) {
        int[] more = PhasedAllocation.plan(v, tokens, samples.toArray(int[][]::new), star);
        int[] c = draw(rates, more, random);
        samples.add(more);
        correct.add(c);
        for (int i = 0; i < problems; i++) {
          allSamples[i] += more[i];
          all[i] += c[i];
        }
        v = PrecisionStopping.problemVariances(allSamples, all);
        if (PhasedAllocation.variance(samples.toArray(int[][]::new), v) <= star
            || samples.size() == 4) {
          break;
        }
      }
      int[][] phases = samples.toArray(int[][]::new);
      double estimate = PhasedAllocation.estimate(phases, correct.toArray(int[][]::new));
      double pooled = 0;
      for (int i = 0; i < problems; i++) {
        pooled += (double) all[i] / allSamples[i] / problems;
      }
      double variance = PhasedAllocation.variance(phases, v);
      bias += (estimate - truth) / replications;
      pooledBias += (pooled - truth) / replications;
      squared += (estimate - truth) * (estimate - truth) / replications;
      covered += Math.abs(estimate - truth) <= SamplingPrecision.Z95 * Math.sqrt(variance) ? 1 : 0;
    }
    double standardError = Math.sqrt(squared / replications);
    assertTrue(
        "bias " + bias + ", its standard error " + standardError,
        Math.abs(bias) < 4 * standardError);
    assertTrue("pooled bias " + pooledBias, pooledBias > 8 * standardError);
    assertTrue("mean squared error " + squared, squared <= star * 1.2);
    assertTrue("coverage " + covered, covered >= 0.93 * replications);
    assertTrue("coverage " + covered, covered <= 0.985 * replications);
  }

  private static int[] draw(double[] rates, int[] samples, SplittableRandom random) {
    int[] correct = new int[rates.length];
    for (int i = 0; i < rates.length; i++) {
      for (int j = 0; j < samples[i]; j++) {
        correct[i] += random.nextDouble() < rates[i] ? 1 : 0;
      }
    }
    return correct;
  }
}
