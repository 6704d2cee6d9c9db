package io.mathbeam.core.compare;

import io.mathbeam.core.stats.ProblemVotes;

/**
 * One problem's samples of one run counted by category, as {@link ProblemMetrics} takes them: the
 * answer clusters, correct ones first, then the abstentions last (a single category without
 * clusters).
 */
final class VoteCategories {
  private final int samples;
  private final int correct;
  private final int[] counts;
  private final boolean[] categoryCorrect;

  VoteCategories(ProblemOutcome outcome) {
    samples = outcome.samples();
    correct = outcome.correct();
    ProblemVotes votes = outcome.votes();
    if (votes == null) {
      categoryCorrect = new boolean[0];
      counts = new int[] {samples};
      return;
    }
    int m = votes.clusterCount();
    categoryCorrect = new boolean[m];
    counts = new int[m + 1];
    int category = 0;
    for (boolean wantCorrect : new boolean[] {true, false}) {
      for (int i = 0; i < m; i++) {
        if (votes.isClusterCorrect(i) == wantCorrect) {
          categoryCorrect[category] = wantCorrect;
          counts[category] = votes.clusterSize(i);
          category++;
        }
      }
    }
    counts[m] = votes.abstentions();
  }

  int samples() {
    return samples;
  }

  int correct() {
    return correct;
  }

  /** Samples per category, the abstentions last. */
  int[] counts() {
    return counts;
  }

  /** Whether each cluster category is correct; empty without clusters. */
  boolean[] categoryCorrect() {
    return categoryCorrect;
  }
}
