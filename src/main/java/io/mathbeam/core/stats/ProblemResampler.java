package io.mathbeam.core.stats;

import java.util.SplittableRandom;

/**
 * Draws one problem's n samples again with replacement. Categories are the clusters, correct ones
 * first, then the abstentions; a drawn sample is correct iff its index in that order is below c, so
 * the correct count is exactly Binomial(n, c/n) and agrees with the clusters whenever c equals the
 * size of the correct clusters.
 */
final class ProblemResampler {
  private final int samples;
  private final int correct;
  private final int[] categoryOfSample;
  private final boolean[] categoryCorrect;

  ProblemResampler(ProblemVotes votes) {
    samples = votes.samples();
    correct = votes.correct();
    int m = votes.clusterCount();
    categoryCorrect = new boolean[m];
    categoryOfSample = new int[samples];
    int at = 0;
    int category = 0;
    for (boolean wantCorrect : new boolean[] {true, false}) {
      for (int i = 0; i < m; i++) {
        if (votes.isClusterCorrect(i) == wantCorrect) {
          categoryCorrect[category] = wantCorrect;
          for (int s = 0; s < votes.clusterSize(i); s++) {
            categoryOfSample[at++] = category;
          }
          category++;
        }
      }
    }
    while (at < samples) {
      categoryOfSample[at++] = m;
    }
  }

  int samples() {
    return samples;
  }

  /** Per-category flags, for {@link MajorityAtK}; index = category. */
  boolean[] categoryCorrect() {
    return categoryCorrect;
  }

  /**
   * Fills {@code counts} (length clusters + 1, the last being abstentions) with a fresh draw and
   * returns its correct count.
   */
  int draw(SplittableRandom random, int[] counts) {
    java.util.Arrays.fill(counts, 0);
    int drawnCorrect = 0;
    for (int s = 0; s < samples; s++) {
      int u = random.nextInt(samples);
      counts[categoryOfSample[u]]++;
      if (u < correct) {
        drawnCorrect++;
      }
    }
    return drawnCorrect;
  }
}
