package io.mathbeam.core.stats;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The votes of one problem's samples: how many samples, how many graded correct, and how the
 * samples that gave an answer fall into answer-equivalence clusters. Small enough to group by the
 * thousand; built by {@link AnswerClusters#of}.
 *
 * @param samples n, every sample including abstentions
 * @param correct c, the samples graded correct
 * @param clusterSizes the number of samples in each cluster (each at least 1)
 * @param clusterCorrect whether each cluster's answer is correct
 * @param abstentions samples with no extracted answer or a failed request; they do not vote
 */
public record ProblemVotes(
    String datasetId,
    String problemId,
    int samples,
    int correct,
    int[] clusterSizes,
    boolean[] clusterCorrect,
    int abstentions)
    implements Serializable {

  public ProblemVotes {
    Objects.requireNonNull(datasetId, "datasetId");
    Objects.requireNonNull(problemId, "problemId");
    clusterSizes = clusterSizes.clone();
    clusterCorrect = clusterCorrect.clone();
    if (clusterSizes.length != clusterCorrect.length) {
      throw new IllegalArgumentException(
          problemId
              + ": "
              + clusterSizes.length
              + " cluster sizes but "
              + clusterCorrect.length
              + " correctness flags");
    }
    long voters = 0;
    for (int size : clusterSizes) {
      if (size < 1) {
        throw new IllegalArgumentException(problemId + ": empty cluster");
      }
      voters += size;
    }
    if (samples < 1 || abstentions < 0 || voters + abstentions != samples) {
      throw new IllegalArgumentException(
          problemId
              + ": clusters ("
              + voters
              + ") + abstentions ("
              + abstentions
              + ") must equal samples ("
              + samples
              + ") >= 1");
    }
    if (correct < 0 || correct > samples) {
      throw new IllegalArgumentException(
          problemId + ": correct " + correct + " outside 0.." + samples);
    }
  }

  @Override
  public int[] clusterSizes() {
    return clusterSizes.clone();
  }

  @Override
  public boolean[] clusterCorrect() {
    return clusterCorrect.clone();
  }

  /** The number of clusters, without copying the arrays. */
  public int clusterCount() {
    return clusterSizes.length;
  }

  /** The size of cluster {@code i}, without copying the arrays. */
  public int clusterSize(int i) {
    return clusterSizes[i];
  }

  /** Whether cluster {@code i} is correct, without copying the arrays. */
  public boolean isClusterCorrect(int i) {
    return clusterCorrect[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProblemVotes v
        && datasetId.equals(v.datasetId)
        && problemId.equals(v.problemId)
        && samples == v.samples
        && correct == v.correct
        && abstentions == v.abstentions
        && Arrays.equals(clusterSizes, v.clusterSizes)
        && Arrays.equals(clusterCorrect, v.clusterCorrect);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        datasetId,
        problemId,
        samples,
        correct,
        abstentions,
        Arrays.hashCode(clusterSizes),
        Arrays.hashCode(clusterCorrect));
  }

  @Override
  public String toString() {
    return "ProblemVotes["
        + datasetId
        + "/"
        + problemId
        + " n="
        + samples
        + " c="
        + correct
        + " clusters="
        + Arrays.toString(clusterSizes)
        + " correct="
        + Arrays.toString(clusterCorrect)
        + " abstentions="
        + abstentions
        + "]";
  }
}
