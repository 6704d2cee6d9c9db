package io.mathbeam.core.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Groups one problem's extracted answers into answer-equivalence clusters for majority voting.
 *
 * <p>Clustering is greedy: each answer is compared, in sample order, with the <em>first member</em>
 * of each existing cluster and joins the first cluster it matches, or starts a new one. Comparing
 * only with the first member (rather than with any member, i.e. a transitive closure) is
 * deliberate: equivalence decided by a grader is not guaranteed to be transitive (numeric
 * tolerance, loose parsing), and chaining could merge two clearly different answers through a
 * sequence of borderline ones. An answer identical to one seen before joins that answer's cluster
 * without calling the predicate: it is the common case and grader calls are slow.
 *
 * <p>A cluster is correct iff its first member was graded correct: the first member is the
 * cluster's representative answer, the one every other member was judged equivalent to.
 *
 * <p>With the project's grader, the predicate is typically {@code (answer, representative) ->
 * grader.gradeAnswer(answer, List.of(representative)).correct()}.
 */
public final class AnswerClusters {
  private AnswerClusters() {}

  /**
   * @param extractedAnswers one per sample; {@code null} for a sample with no extracted answer or a
   *     failed request (an abstention)
   * @param correct one per sample, whether it was graded correct ({@code null} counts as false)
   * @param equivalent called as {@code equivalent.test(answer, representative)}
   */
  public static ProblemVotes of(
      String datasetId,
      String problemId,
      List<String> extractedAnswers,
      List<Boolean> correct,
      BiPredicate<String, String> equivalent) {
    if (extractedAnswers.size() != correct.size()) {
      throw new IllegalArgumentException(
          problemId
              + ": "
              + extractedAnswers.size()
              + " answers but "
              + correct.size()
              + " grades");
    }
    List<String> representatives = new ArrayList<>();
    List<Boolean> representativeCorrect = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    Map<String, Integer> clusterOfAnswer = new HashMap<>();
    int abstentions = 0;
    int correctCount = 0;
    for (int s = 0; s < extractedAnswers.size(); s++) {
      boolean isCorrect = Boolean.TRUE.equals(correct.get(s));
      if (isCorrect) {
        correctCount++;
      }
      String answer = extractedAnswers.get(s);
      if (answer == null) {
        abstentions++;
        continue;
      }
      Integer seen = clusterOfAnswer.get(answer);
      int cluster = seen != null ? seen : find(answer, representatives, equivalent);
      clusterOfAnswer.putIfAbsent(answer, cluster < 0 ? representatives.size() : cluster);
      if (cluster < 0) {
        representatives.add(answer);
        representativeCorrect.add(isCorrect);
        sizes.add(1);
      } else {
        sizes.set(cluster, sizes.get(cluster) + 1);
      }
    }
    int[] clusterSizes = new int[sizes.size()];
    boolean[] clusterCorrect = new boolean[sizes.size()];
    for (int i = 0; i < clusterSizes.length; i++) {
      clusterSizes[i] = sizes.get(i);
      clusterCorrect[i] = representativeCorrect.get(i);
    }
    return new ProblemVotes(
        datasetId,
        problemId,
        extractedAnswers.size(),
        correctCount,
        clusterSizes,
        clusterCorrect,
        abstentions);
  }

  private static int find(
      String answer, List<String> representatives, BiPredicate<String, String> equivalent) {
    for (int i = 0; i < representatives.size(); i++) {
      if (equivalent.test(answer, representatives.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
