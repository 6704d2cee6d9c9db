package io.mathbeam.core.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Synthetic problems for tests: each problem has a success rate drawn from Beta-like spread; wrong
 * samples pick among a few popular wrong answers or a fresh one, and a few samples abstain.
 */
final class SimulatedVotes {
  private SimulatedVotes() {}

  static List<ProblemVotes> dataset(String datasetId, int problems, int samples, long seed) {
    Random random = new Random(seed);
    List<ProblemVotes> out = new ArrayList<>();
    for (int p = 0; p < problems; p++) {
      double rate = Math.pow(random.nextDouble(), 1.5);
      out.add(problem(datasetId, String.format("p%05d", p), samples, rate, random));
    }
    return out;
  }

  static ProblemVotes problem(
      String datasetId, String problemId, int samples, double rate, Random random) {
    List<String> answers = new ArrayList<>();
    List<Boolean> correct = new ArrayList<>();
    int popularWrong = 1 + random.nextInt(3);
    for (int s = 0; s < samples; s++) {
      double u = random.nextDouble();
      if (u < 0.03) {
        answers.add(null);
        correct.add(false);
      } else if (random.nextDouble() < rate) {
        answers.add("right");
        correct.add(true);
      } else if (random.nextDouble() < 0.7) {
        answers.add("wrong" + random.nextInt(popularWrong));
        correct.add(false);
      } else {
        answers.add("stray" + random.nextInt(1_000_000));
        correct.add(false);
      }
    }
    return AnswerClusters.of(datasetId, problemId, answers, correct, String::equals);
  }
}
