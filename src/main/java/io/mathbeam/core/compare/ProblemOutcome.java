package io.mathbeam.core.compare;

import io.mathbeam.core.stats.ProblemVotes;
import java.util.Objects;

/**
 * One problem of one run: n samples, c of them correct, and optionally the answer clusters that
 * maj@k needs.
 *
 * @param votes the answer clusters, or null when the run has none (maj@k is then not computed)
 */
public record ProblemOutcome(
    String datasetId, String problemId, int samples, int correct, ProblemVotes votes) {

  public ProblemOutcome {
    Objects.requireNonNull(datasetId, "datasetId");
    Objects.requireNonNull(problemId, "problemId");
    if (samples < 1 || correct < 0 || correct > samples) {
      throw new IllegalArgumentException(
          datasetId
              + "/"
              + problemId
              + ": need n >= 1 and 0 <= c <= n, got n="
              + samples
              + " c="
              + correct);
    }
    if (votes != null && (votes.samples() != samples || votes.correct() != correct)) {
      throw new IllegalArgumentException(
          datasetId
              + "/"
              + problemId
              + ": votes have n="
              + votes.samples()
              + " c="
              + votes.correct()
              + " but the outcome n="
              + samples
              + " c="
              + correct);
    }
  }

  /** An outcome without answer clusters: pass@k only. */
  public static ProblemOutcome of(String datasetId, String problemId, int samples, int correct) {
    return new ProblemOutcome(datasetId, problemId, samples, correct, null);
  }

  /** An outcome with answer clusters: pass@k and maj@k. */
  public static ProblemOutcome of(ProblemVotes votes) {
    return new ProblemOutcome(
        votes.datasetId(), votes.problemId(), votes.samples(), votes.correct(), votes);
  }

  /** c / n, the problem's pass@1. */
  public double solveRate() {
    return (double) correct / samples;
  }
}
