package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.MajorityAtK;
import io.mathbeam.core.stats.ProblemVotes;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.apache.commons.math3.special.Beta;
import org.junit.Test;

/**
 * The mixes' exact values against Monte Carlo draws of the same model, the answer model's vote
 * against the product's maj@k, and the Beta draws against their moments.
 */
public class SolveRateMixTest {
  private static final int DRAWS = 200_000;

  @Test
  public void passAtKTruthIsTheMeanOfDrawnRatesPassAtK() {
    for (SolveRateMix mix : SolveRateMix.SUITE) {
      for (int k : new int[] {1, 8}) {
        SplittableRandom random = new SplittableRandom(11 + k);
        assertWithinFourErrors(
            mix + " pass@" + k,
            mix.truePassAtK(k),
            () -> 1 - Math.pow(1 - mix.drawRate(random), k));
      }
    }
  }

  @Test
  public void majorityTruthIsTheMeanOfSimulatedVotesScoredByTheProduct() {
    for (SolveRateMix mix : SolveRateMix.SUITE) {
      SplittableRandom random = new SplittableRandom(5);
      // with n = k, the product's maj@k is the vote of all the problem's samples
      assertWithinFourErrors(
          mix + " maj@4",
          mix.trueMajorityAtK(4),
          () -> {
            ProblemVotes v = AnswerModel.votes("d", "p", mix.drawRate(random), 4, random);
            return MajorityAtK.estimate(v, 4);
          });
    }
  }

  @Test
  public void theAnswerModelsScoreIsTheProductsTieRuleOnEveryCount() {
    for (int k = 1; k <= 9; k++) {
      for (int c = 0; c <= k; c++) {
        for (int d = 0; d + c <= k; d++) {
          assertEquals(
              "k=" + k + " c=" + c + " d=" + d,
              MajorityAtK.estimate(AnswerModel.clustered("d", "p", c, d, k), k),
              AnswerModel.majorityScore(c, d, k),
              1e-12);
        }
      }
    }
  }

  @Test
  public void majorityAtOneIsPassAtOne() {
    for (SolveRateMix mix : SolveRateMix.SUITE) {
      assertEquals(mix.name(), mix.truePassAtK(1), mix.trueMajorityAtK(1), 1e-9);
    }
  }

  /**
   * maj@k is a polynomial of degree k in the rate, so with lo = 0 its mean is exact through the
   * Beta moments E[X^c (1-X)^(k-c)] = B(a + c, b + k - c) / B(a, b): the midpoint rule must agree.
   */
  @Test
  public void majorityQuadratureAgreesWithTheExactBetaMoments() {
    for (SolveRateMix mix : SolveRateMix.SUITE) {
      if (mix.lowest() != 0) {
        continue;
      }
      for (int k : new int[] {4, 64}) {
        double[] score = AnswerModel.scoreGivenCorrect(k);
        double betaPart = 0;
        for (int c = 0; c <= k; c++) {
          betaPart +=
              score[c]
                  * Math.exp(
                      AnswerModel.logChoose(k, c)
                          + Beta.logBeta(mix.a() + c, mix.b() + k - c)
                          - Beta.logBeta(mix.a(), mix.b()));
        }
        double exact =
            mix.oneShare() * score[k] + (1 - mix.zeroShare() - mix.oneShare()) * betaPart;
        assertEquals(mix + " maj@" + k, exact, mix.trueMajorityAtK(k), 1e-6);
      }
    }
  }

  @Test
  public void drawnBetaHasItsMeanAndVariance() {
    double[][] shapes = {{0.7, 0.7}, {2, 0.5}, {1.5, 1}, {0.6, 1.0}, {3, 0.7}, {0.8, 1.2}};
    SplittableRandom random = new SplittableRandom(3);
    for (double[] shape : shapes) {
      double a = shape[0];
      double b = shape[1];
      double[] x = new double[DRAWS];
      double sum = 0;
      for (int i = 0; i < DRAWS; i++) {
        x[i] = BetaDraws.beta(a, b, random);
        assertTrue(x[i] >= 0 && x[i] <= 1);
        sum += x[i];
      }
      double mean = sum / DRAWS;
      double m2 = 0;
      double m4 = 0;
      for (double v : x) {
        double dev = (v - mean) * (v - mean);
        m2 += dev;
        m4 += dev * dev;
      }
      double variance = m2 / (DRAWS - 1);
      m4 /= DRAWS;
      String name = "Beta(" + a + ", " + b + ")";
      double trueMean = a / (a + b);
      double trueVariance = a * b / ((a + b) * (a + b) * (a + b + 1));
      assertEquals(name + " mean", trueMean, mean, 4 * Math.sqrt(variance / DRAWS));
      assertEquals(
          name + " variance",
          trueVariance,
          variance,
          4 * Math.sqrt((m4 - variance * variance) / DRAWS));
    }
  }

  private static void assertWithinFourErrors(String what, double truth, DoubleSupplier draw) {
    double sum = 0;
    double squares = 0;
    for (int i = 0; i < DRAWS; i++) {
      double v = draw.getAsDouble();
      sum += v;
      squares += v * v;
    }
    double mean = sum / DRAWS;
    double error = Math.sqrt((squares / DRAWS - mean * mean) / (DRAWS - 1));
    assertTrue(what + ": no spread to test against", error > 0);
    assertEquals(what, truth, mean, 4 * error);
  }
}
