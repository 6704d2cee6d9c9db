package io.mathbeam.core.stats;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.Random;
import org.junit.Test;

public class MajorityAtKTest {
  private static ProblemVotes votes(int[] sizes, boolean[] correct, int abstentions) {
    int n = abstentions;
    int c = 0;
    for (int i = 0; i < sizes.length; i++) {
      n += sizes[i];
      c += correct[i] ? sizes[i] : 0;
    }
    return new ProblemVotes("d", "p", n, c, sizes, correct, abstentions);
  }

  @Test
  public void handCheckedTwoAgainstOne() {
    // Samples A A B, A correct. k=2: {A,A} wins, {A,B} twice ties -> 1/2 each: (1 + .5 + .5)/3.
    double[] maj = MajorityAtK.allK(votes(new int[] {2, 1}, new boolean[] {true, false}, 0));
    assertArrayEquals(new double[] {2.0 / 3, 2.0 / 3, 1.0}, maj, 1e-12);
  }

  @Test
  public void subsetWithOnlyAbstentionsScoresZero() {
    double[] maj = MajorityAtK.allK(votes(new int[] {1}, new boolean[] {true}, 1));
    assertArrayEquals(new double[] {0.5, 1.0}, maj, 1e-12);
  }

  @Test
  public void threeWayTieSplitsEvenly() {
    // A B C, only A correct: at k=3 every cluster has one vote, so 1/3.
    double[] maj =
        MajorityAtK.allK(votes(new int[] {1, 1, 1}, new boolean[] {true, false, false}, 0));
    assertArrayEquals(new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, maj, 1e-12);
  }

  @Test
  public void wrongMajorityBeatsCorrectMinorityAtFullK() {
    // 3 wrong B, 2 correct A, 1 abstention: with all 6 samples B wins.
    double[] maj = MajorityAtK.allK(votes(new int[] {2, 3}, new boolean[] {true, false}, 1));
    assertEquals(0.0, maj[5], 1e-12);
    assertEquals(2.0 / 6, maj[0], 1e-12);
  }

  @Test
  public void isZeroWithoutACorrectCluster() {
    double[] maj = MajorityAtK.allK(votes(new int[] {4, 2}, new boolean[] {false, false}, 3));
    for (double v : maj) {
      assertEquals(0.0, v, 0.0);
    }
  }

  @Test
  public void matchesBruteForceOverAllSubsets() {
    Random random = new Random(12345);
    for (int trial = 0; trial < 300; trial++) {
      int n = 1 + random.nextInt(12);
      int abstentions = random.nextInt(3) == 0 ? random.nextInt(n + 1) : 0;
      int[] labels = new int[n];
      int clusters = 1 + random.nextInt(Math.max(1, n - abstentions));
      for (int s = 0; s < n; s++) {
        labels[s] = s < abstentions ? -1 : random.nextInt(clusters);
      }
      int[] sizes = new int[clusters];
      for (int label : labels) {
        if (label >= 0) {
          sizes[label]++;
        }
      }
      boolean[] correct = new boolean[clusters];
      for (int i = 0; i < clusters; i++) {
        correct[i] = random.nextInt(3) == 0;
      }
      double[] expected = bruteForce(labels, clusters, correct);
      double[] actual = MajorityAtK.upToK(sizes, correct, abstentions, n);
      assertArrayEquals("trial " + trial, expected, actual, 1e-12);
    }
  }

  @Test
  public void truncatedComputationMatchesPrefixOfAllK() {
    Random random = new Random(99);
    for (int trial = 0; trial < 200; trial++) {
      int clusters = 1 + random.nextInt(6);
      int[] sizes = new int[clusters];
      boolean[] correct = new boolean[clusters];
      for (int i = 0; i < clusters; i++) {
        sizes[i] = 1 + random.nextInt(random.nextBoolean() ? 3 : 12);
        correct[i] = random.nextInt(3) == 0;
      }
      ProblemVotes v = votes(sizes, correct, random.nextInt(4));
      double[] all = MajorityAtK.allK(v);
      int maxK = 1 + random.nextInt(v.samples());
      double[] prefix = MajorityAtK.upToK(v, maxK);
      assertEquals(maxK, prefix.length);
      for (int k = 1; k <= maxK; k++) {
        assertEquals(
            "trial " + trial + " k=" + k, all[k - 1], prefix[k - 1], 1e-12 * (1 + all[k - 1]));
      }
    }
  }

  @Test
  public void estimateAgreesWithAllK() {
    ProblemVotes v = votes(new int[] {5, 3, 1, 1}, new boolean[] {false, true, false, true}, 2);
    double[] all = MajorityAtK.allK(v);
    for (int k = 1; k <= v.samples(); k++) {
      assertEquals(all[k - 1], MajorityAtK.estimate(v, k), 0.0);
    }
    assertThrows(IllegalArgumentException.class, () -> MajorityAtK.estimate(v, 0));
  }

  @Test
  public void staysFiniteAndInRangeForLargeN() {
    ProblemVotes v =
        votes(
            new int[] {400, 380, 100, 60, 30, 20, 10, 1, 1, 1},
            new boolean[] {false, true, false, false, false, false, false, false, false, true},
            21);
    assertEquals(1024, v.samples());
    double[] maj = MajorityAtK.allK(v);
    for (double p : maj) {
      assertTrue(Double.isFinite(p) && p >= 0 && p <= 1);
    }
    // k=1 is the share of correct votes; large k the wrong 400 beats the correct 380.
    assertEquals(381.0 / 1024, maj[0], 1e-12);
    assertTrue(maj[1023] < 1e-6);
    assertTrue(maj[0] > maj[511]);
  }

  @Test
  public void largeNCorrectMajorityApproachesOne() {
    int[] sizes = new int[100];
    boolean[] correct = new boolean[100];
    sizes[0] = 600;
    correct[0] = true;
    for (int i = 1; i < 100; i++) {
      sizes[i] = 4;
    }
    double[] maj = MajorityAtK.allK(votes(sizes, correct, 28));
    assertEquals(600.0 / 1024, maj[0], 1e-12);
    assertEquals(1.0, maj[1023], 1e-12);
    for (int k = 2; k <= 1024; k++) {
      assertTrue("k=" + k, Double.isFinite(maj[k - 1]) && maj[k - 1] <= 1.0);
    }
  }

  private static double[] bruteForce(int[] labels, int clusters, boolean[] correct) {
    int n = labels.length;
    double[] sum = new double[n + 1];
    long[] count = new long[n + 1];
    for (int mask = 1; mask < (1 << n); mask++) {
      int[] votes = new int[clusters];
      for (int s = 0; s < n; s++) {
        if ((mask & (1 << s)) != 0 && labels[s] >= 0) {
          votes[labels[s]]++;
        }
      }
      int best = 0;
      for (int v : votes) {
        best = Math.max(best, v);
      }
      double score = 0;
      if (best > 0) {
        int tied = 0;
        int tiedCorrect = 0;
        for (int i = 0; i < clusters; i++) {
          if (votes[i] == best) {
            tied++;
            tiedCorrect += correct[i] ? 1 : 0;
          }
        }
        score = (double) tiedCorrect / tied;
      }
      int k = Integer.bitCount(mask);
      sum[k] += score;
      count[k]++;
    }
    double[] out = new double[n];
    for (int k = 1; k <= n; k++) {
      out[k - 1] = sum[k] / count[k];
    }
    return out;
  }
}
