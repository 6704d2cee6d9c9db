package io.mathbeam.pipelines.bench;

import io.mathbeam.core.stats.ProblemVotes;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.special.Gamma;

/**
 * How the simulated samples of one problem answer: each is correct with the problem's solve rate r;
 * a wrong one gives the problem's single distractor answer with probability 1/2, and otherwise an
 * answer no other sample gives (a singleton). The majority vote over k samples with c correct and d
 * distractors scores as the product's tie rule says (docs/STATISTICS.md, "maj@k"): the largest
 * cluster wins, and tied clusters share the score.
 */
final class AnswerModel {
  private AnswerModel() {}

  /** "p00000", "p00001", ...: fixed width, so ids sort in problem order. */
  static String problemId(int index) {
    return String.format("p%05d", index);
  }

  /** The number of correct samples among {@code samples}: Binomial(samples, rate). */
  static int correctCount(double rate, int samples, SplittableRandom random) {
    int correct = 0;
    for (int s = 0; s < samples; s++) {
      if (random.nextDouble() < rate) {
        correct++;
      }
    }
    return correct;
  }

  /** One problem's votes from {@code samples} draws of the model, as {@link #clustered} builds. */
  static ProblemVotes votes(
      String datasetId, String problemId, double rate, int samples, SplittableRandom random) {
    int correct = 0;
    int distractor = 0;
    for (int s = 0; s < samples; s++) {
      if (random.nextDouble() < rate) {
        correct++;
      } else if (random.nextBoolean()) {
        distractor++;
      }
    }
    return clustered(datasetId, problemId, correct, distractor, samples);
  }

  /**
   * The votes of {@code correct} correct samples, {@code distractor} distractors and singletons for
   * the rest: the correct cluster, the distractor's, then one cluster per singleton.
   */
  static ProblemVotes clustered(
      String datasetId, String problemId, int correct, int distractor, int samples) {
    int singletons = samples - correct - distractor;
    int clusters = (correct > 0 ? 1 : 0) + (distractor > 0 ? 1 : 0) + singletons;
    int[] sizes = new int[clusters];
    boolean[] isCorrect = new boolean[clusters];
    Arrays.fill(sizes, 1);
    int at = 0;
    if (correct > 0) {
      sizes[at] = correct;
      isCorrect[at++] = true;
    }
    if (distractor > 0) {
      sizes[at] = distractor;
    }
    return new ProblemVotes(datasetId, problemId, samples, correct, sizes, isCorrect, 0);
  }

  /**
   * The vote's score with {@code correct} correct samples and {@code distractor} distractors among
   * {@code k}, the rest singletons: the larger of the two clusters wins once it has 2 votes, a tie
   * at 2 or more scores 1/2, and when neither has 2 votes all k voters tie with one vote each, so
   * the correct answer (if any) gets its share {@code correct / k}.
   */
  static double majorityScore(int correct, int distractor, int k) {
    if (Math.max(correct, distractor) <= 1) {
      return (double) correct / k;
    }
    if (correct > distractor) {
      return 1;
    }
    return correct == distractor ? 0.5 : 0;
  }

  /**
   * The expected score of a k-sample vote given that {@code c} samples are correct, index c: the k
   * - c wrong samples split into distractors and singletons as Binomial(k - c, 1/2). Together with
   * P(c) = Binomial(k, r) this is the sum over the multinomial (c, d, u) of the answer model, whose
   * probability k!/(c! d! u!) r^c ((1-r)/2)^(k-c) factors into the two binomials.
   */
  static double[] scoreGivenCorrect(int k) {
    double[] out = new double[k + 1];
    for (int c = 0; c <= k; c++) {
      int wrong = k - c;
      double sum = 0;
      for (int d = 0; d <= wrong; d++) {
        double score = majorityScore(c, d, k);
        if (score > 0) {
          sum += score * Math.exp(logChoose(wrong, d) - wrong * Math.log(2));
        }
      }
      out[c] = sum;
    }
    return out;
  }

  /** The expected maj@k of a problem as a function of its solve rate, for one k. */
  static final class MajorityCurve {
    private final double[] scoreGivenCorrect;
    private final double[] logChoose;

    MajorityCurve(int k) {
      scoreGivenCorrect = scoreGivenCorrect(k);
      logChoose = new double[k + 1];
      for (int c = 0; c <= k; c++) {
        logChoose[c] = logChoose(k, c);
      }
    }

    /** Sum over c of Binomial(k, rate) at c times the expected score given c, in log space. */
    double at(double rate) {
      int k = logChoose.length - 1;
      if (rate <= 0) {
        return scoreGivenCorrect[0];
      }
      if (rate >= 1) {
        return scoreGivenCorrect[k];
      }
      double logRate = Math.log(rate);
      double logMiss = Math.log1p(-rate);
      double sum = 0;
      for (int c = 0; c <= k; c++) {
        if (scoreGivenCorrect[c] > 0) {
          sum += scoreGivenCorrect[c] * Math.exp(logChoose[c] + c * logRate + (k - c) * logMiss);
        }
      }
      return sum;
    }
  }

  static double logChoose(int n, int r) {
    return Gamma.logGamma(n + 1.0) - Gamma.logGamma(r + 1.0) - Gamma.logGamma(n - r + 1.0);
  }
}
