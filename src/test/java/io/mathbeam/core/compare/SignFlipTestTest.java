package io.mathbeam.core.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.Random;
import java.util.SplittableRandom;
import org.junit.Test;

public class SignFlipTestTest {
  private static final SignFlipTest DEFAULT = new SignFlipTest(20, 10_000);

  /** Counts sign vectors by plain recursion over integers: no rounding anywhere. */
  private static long[] bruteForce(int[] d) {
    long observed = 0;
    for (int v : d) {
      observed += v;
    }
    long[] asExtremeAndLow = new long[2];
    recurse(d, 0, 0, Math.abs(observed), observed, asExtremeAndLow);
    return asExtremeAndLow;
  }

  private static void recurse(int[] d, int i, long sum, long magnitude, long observed, long[] out) {
    if (i == d.length) {
      out[0] += Math.abs(sum) >= magnitude ? 1 : 0;
      out[1] += sum <= observed ? 1 : 0;
      return;
    }
    recurse(d, i + 1, sum + d[i], magnitude, observed, out);
    recurse(d, i + 1, sum - d[i], magnitude, observed, out);
  }

  private static double[] quarters(int[] d) {
    double[] out = new double[d.length];
    for (int i = 0; i < d.length; i++) {
      out[i] = d[i] / 4.0;
    }
    return out;
  }

  @Test
  public void exactPValuesEqualBruteForceEnumeration() {
    // Differences of pass@1 with n = 4 are multiples of 1/4; many sign vectors tie exactly.
    int[] d = {1, -2, 3, 1, 1, 4, -1, 2, 1};
    long[] counts = bruteForce(d);
    SignFlipResult r = DEFAULT.test(quarters(d), new SplittableRandom(1));
    assertTrue(r.exact());
    assertEquals(512, r.flips());
    assertEquals(counts[0] / 512.0, r.twoSided(), 0.0);
    assertEquals(counts[1] / 512.0, r.drop(), 0.0);
    assertEquals(10 / 4.0, r.statistic(), 1e-12);
  }

  @Test
  public void zerosAreDroppedAndDoNotChangeThePValues() {
    SignFlipResult without = DEFAULT.test(new double[] {-0.5, -0.25, 0.125, -1}, null);
    SignFlipResult with = DEFAULT.test(new double[] {0, -0.5, 0, -0.25, 0.125, 0, -1}, null);
    assertEquals(4, with.nonZero());
    assertEquals(without, with);
    // 16 vectors; sums <= -1.625: only (-,-,+,-) itself and (-,-,-,-): 2/16.
    assertEquals(2 / 16.0, with.drop(), 0.0);
    assertEquals(4 / 16.0, with.twoSided(), 0.0);
  }

  @Test
  public void noDifferencesGivePOne() {
    SignFlipResult r = DEFAULT.test(new double[] {0, 0, 0}, null);
    assertEquals(1.0, r.twoSided(), 0.0);
    assertEquals(1.0, r.drop(), 0.0);
    assertEquals(0, r.nonZero());
  }

  @Test
  public void monteCarloAboveTheLimitAgreesWithEnumeration() {
    Random random = new Random(5);
    int[] d = new int[22];
    for (int i = 0; i < d.length; i++) {
      d[i] = random.nextInt(9) - 5;
      if (d[i] == 0) {
        d[i] = 1;
      }
    }
    long[] counts = bruteForce(d);
    double exactTwoSided = counts[0] / (double) (1 << 22);
    double exactDrop = counts[1] / (double) (1 << 22);
    SignFlipResult r = DEFAULT.test(quarters(d), new SplittableRandom(11));
    assertFalse(r.exact());
    assertEquals(10_000, r.flips());
    // Monte Carlo error with 10000 draws is at most 0.005 (one SD); allow 4 SD.
    assertEquals(exactTwoSided, r.twoSided(), 0.02);
    assertEquals(exactDrop, r.drop(), 0.02);
    // Raising the limit enumerates instead and reproduces brute force exactly.
    SignFlipResult exact = new SignFlipTest(22, 1).test(quarters(d), null);
    assertTrue(exact.exact());
    assertEquals(exactTwoSided, exact.twoSided(), 0.0);
    assertEquals(exactDrop, exact.drop(), 0.0);
  }

  @Test
  public void monteCarloCountsTheObservedVectorSoPIsNeverZero() {
    double[] allWorse = new double[40];
    java.util.Arrays.fill(allWorse, -0.1);
    SignFlipResult r = new SignFlipTest(20, 999).test(allWorse, new SplittableRandom(3));
    // No random vector of 40 signs reaches the all-minus sum (chance 999 / 2^40).
    assertEquals(1 / 1000.0, r.drop(), 0.0);
    assertEquals(1 / 1000.0, r.twoSided(), 0.0);
  }

  @Test
  public void dropPValueIsSmallForLossesAndLargeForGains() {
    double[] losses = {-0.5, -0.25, -0.75, -0.5, 0.25, -0.5, -1, -0.25};
    double[] gains = new double[losses.length];
    for (int i = 0; i < losses.length; i++) {
      gains[i] = -losses[i];
    }
    SignFlipResult lost = DEFAULT.test(losses, null);
    SignFlipResult gained = DEFAULT.test(gains, null);
    assertTrue(lost.drop() < 0.05);
    assertTrue(gained.drop() > 0.95);
    assertEquals(lost.twoSided(), gained.twoSided(), 0.0);
    assertEquals(2 * lost.drop(), lost.twoSided(), 1e-12);
  }

  @Test
  public void sameSeedGivesSameMonteCarloResult() {
    double[] d = new Random(2).doubles(60, -1, 0.9).toArray();
    assertEquals(
        DEFAULT.test(d, new SplittableRandom(42)), DEFAULT.test(d, new SplittableRandom(42)));
  }

  @Test
  public void rejectsLimitsThatWouldNotFinish() {
    assertThrows(IllegalArgumentException.class, () -> new SignFlipTest(25, 10));
    assertThrows(IllegalArgumentException.class, () -> new SignFlipTest(10, 0));
    assertThrows(
        IllegalArgumentException.class, () -> DEFAULT.test(new double[] {Double.NaN}, null));
  }
}
