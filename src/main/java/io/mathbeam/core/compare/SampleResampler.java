package io.mathbeam.core.compare;

import io.mathbeam.core.stats.ProblemVotes;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws one problem's n samples of one run again, with replacement. Categories are the answer
 * clusters, correct ones first, then the abstentions (a single category without clusters); a drawn
 * sample is correct iff its index in that order is below c, so the correct count is exactly
 * Binomial(n, c / n), as in the stats package's clustered bootstrap.
 */
final class SampleResampler {
  private final int samples;
  private final int correct;
  private final int[] categoryOfSample;
  private final boolean[] categoryCorrect;
  private final boolean clustered;
  private final int[] originalCounts;

  SampleResampler(ProblemOutcome outcome) {
    samples = outcome.samples();
    correct = outcome.correct();
    ProblemVotes votes = outcome.votes();
    categoryOfSample = new int[samples];
    clustered = votes != null;
    if (votes == null) {
      categoryCorrect = new boolean[0];
      originalCounts = new int[1];
      return;
    }
    int m = votes.clusterCount();
    categoryCorrect = new boolean[m];
    int at = 0;
    int category = 0;
    for (boolean wantCorrect : new boolean[] {true, false}) {
      for (int i = 0; i < m; i++) {
        if (votes.isClusterCorrect(i) == wantCorrect) {
          categoryCorrect[category] = wantCorrect;
          Arrays.fill(categoryOfSample, at, at + votes.clusterSize(i), category);
          at += votes.clusterSize(i);
          category++;
        }
      }
    }
    Arrays.fill(categoryOfSample, at, samples, m);
    originalCounts = new int[m + 1];
    for (int sampleCategory : categoryOfSample) {
      originalCounts[sampleCategory]++;
    }
  }

  int samples() {
    return samples;
  }

  int correct() {
    return correct;
  }

  /** The run's own category counts, in the order {@link #draw} fills them. */
  int[] originalCounts() {
    return originalCounts.clone();
  }

  /** Whether each cluster category is correct; empty without clusters. */
  boolean[] categoryCorrect() {
    return categoryCorrect;
  }

  /**
   * A fresh draw: fills {@code counts} (clusters + 1 long, the last the abstentions; ignored
   * without clusters) and returns the drawn correct count.
   */
  int draw(SplittableRandom random, int[] counts) {
    Arrays.fill(counts, 0);
    int drawnCorrect = 0;
    for (int s = 0; s < samples; s++) {
      int u = random.nextInt(samples);
      if (clustered) {
        counts[categoryOfSample[u]]++;
      }
      if (u < correct) {
        drawnCorrect++;
      }
    }
    return drawnCorrect;
  }

  /** A counts array of the right length for {@link #draw}. */
  int[] newCounts() {
    return new int[categoryCorrect.length + 1];
  }
}
