package io.mathbeam.core.compare;

import io.mathbeam.core.stats.AnswerClusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Synthetic runs for tests: problem i has a true success rate; each sample is right with that rate,
 * otherwise one of a few popular wrong answers or a stray one, and a few samples abstain.
 */
final class SyntheticRuns {
  private SyntheticRuns() {}

  /** Success rates spread over [0, 1], skewed towards hard problems. */
  static double[] rates(int problems, long seed) {
    Random random = new Random(seed);
    double[] out = new double[problems];
    for (int i = 0; i < problems; i++) {
      out[i] = Math.pow(random.nextDouble(), 1.5);
    }
    return out;
  }

  /** {@code rates} moved by {@code shift}, clamped to [0, 1]. */
  static double[] shifted(double[] rates, double shift) {
    double[] out = new double[rates.length];
    for (int i = 0; i < rates.length; i++) {
      out[i] = Math.min(1, Math.max(0, rates[i] + shift));
    }
    return out;
  }

  static List<ProblemOutcome> dataset(
      String dataset, double[] rates, int samples, long seed, boolean withVotes) {
    Random random = new Random(seed);
    List<ProblemOutcome> out = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) {
      out.add(problem(dataset, String.format("p%04d", i), rates[i], samples, random, withVotes));
    }
    return out;
  }

  static RunProblems run(
      String name, String dataset, double[] rates, int samples, long seed, boolean withVotes) {
    return new RunProblems(name, dataset(dataset, rates, samples, seed, withVotes));
  }

  private static ProblemOutcome problem(
      String dataset, String id, double rate, int samples, Random random, boolean withVotes) {
    List<String> answers = new ArrayList<>();
    List<Boolean> correct = new ArrayList<>();
    for (int s = 0; s < samples; s++) {
      if (random.nextDouble() < 0.03) {
        answers.add(null);
        correct.add(false);
      } else if (random.nextDouble() < rate) {
        answers.add("right");
        correct.add(true);
      } else if (random.nextDouble() < 0.7) {
        answers.add("wrong" + random.nextInt(3));
        correct.add(false);
      } else {
        answers.add("stray" + random.nextInt(1_000_000));
        correct.add(false);
      }
    }
    ProblemOutcome withClusters =
        ProblemOutcome.of(AnswerClusters.of(dataset, id, answers, correct, String::equals));
    return withVotes
        ? withClusters
        : ProblemOutcome.of(dataset, id, withClusters.samples(), withClusters.correct());
  }

  /** Outcomes from explicit correct counts, all with {@code samples} samples, ids p0, p1, ... */
  static List<ProblemOutcome> counts(String dataset, int samples, int... correct) {
    List<ProblemOutcome> out = new ArrayList<>();
    for (int i = 0; i < correct.length; i++) {
      out.add(ProblemOutcome.of(dataset, "p" + i, samples, correct[i]));
    }
    return out;
  }
}
