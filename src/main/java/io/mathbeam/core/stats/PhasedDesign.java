package io.mathbeam.core.stats;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a dataset was sampled under {@code --allocation=adaptive}: each problem's samples in each
 * phase, the uniform first phase first ({@link PhasedAllocation}). Sample j of a problem belongs to
 * the phase whose range of sample indices holds j, so a problem's outcomes in sample index order
 * are all its estimate needs.
 *
 * <p>What it changes downstream: a problem's pass@1 is its phased estimate {@code sum_s lambda_s
 * c_is / m_is} (unbiased under the data-dependent design, where c_i / n_i is not); every other
 * metric (pass@k for k >= 2, maj@k, the SE-against-K table) reads only the uniform first phase, the
 * same n1 samples of every problem, where the design has not yet looked at any outcome.
 *
 * @param firstPhase n1
 * @param problemPhases per problem id, its samples in each phase (every problem has every phase, at
 *     least one sample in each)
 */
public record PhasedDesign(int firstPhase, Map<String, int[]> problemPhases) {
  public PhasedDesign {
    problemPhases = new TreeMap<>(problemPhases);
    int phases = -1;
    for (Map.Entry<String, int[]> e : problemPhases.entrySet()) {
      int[] counts = e.getValue();
      if (phases >= 0 && counts.length != phases) {
        throw new IllegalArgumentException(
            "problem " + e.getKey() + " has " + counts.length + " phases, others " + phases);
      }
      phases = counts.length;
      if (counts.length == 0 || counts[0] != firstPhase) {
        throw new IllegalArgumentException(
            "problem " + e.getKey() + ": the first phase must have " + firstPhase + " samples");
      }
      for (int m : counts) {
        if (m < 1) {
          throw new IllegalArgumentException("problem " + e.getKey() + ": a phase without samples");
        }
      }
    }
  }

  /** The phases' weights lambda_s, each phase's mean samples per problem over all phases'. */
  public double[] weights() {
    return PhasedAllocation.weights(byPhase());
  }

  /** The per-phase samples as [phase][problem], problems in id order. */
  public int[][] byPhase() {
    int problems = problemPhases.size();
    int phases = problemPhases.values().iterator().next().length;
    int[][] out = new int[phases][problems];
    int i = 0;
    for (int[] counts : problemPhases.values()) {
      for (int s = 0; s < phases; s++) {
        out[s][i] = counts[s];
      }
      i++;
    }
    return out;
  }

  /** Whether the problem was sampled in phases (a problem the design does not name was not). */
  public boolean covers(String problemId) {
    return problemPhases.containsKey(problemId);
  }

  /**
   * The problem's pass@1 estimate from its outcomes in sample index order.
   *
   * @throws IllegalArgumentException when the outcomes are not the design's samples of it
   */
  public double estimate(String problemId, List<Boolean> correct, double[] weights) {
    int[] counts = problemPhases.get(problemId);
    int total = 0;
    for (int m : counts) {
      total += m;
    }
    if (correct.size() != total) {
      throw new IllegalArgumentException(
          "problem " + problemId + " has " + correct.size() + " samples, its phases " + total);
    }
    double estimate = 0;
    int j = 0;
    for (int s = 0; s < counts.length; s++) {
      int c = 0;
      for (int end = j + counts[s]; j < end; j++) {
        c += correct.get(j) ? 1 : 0;
      }
      estimate += weights[s] * c / counts[s];
    }
    return estimate;
  }
}
