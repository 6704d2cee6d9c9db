package io.mathbeam.core.stats;

import java.util.Arrays;

/**
 * What maj@k of a problem depends on: the multiset of correct cluster sizes, the multiset of wrong
 * ones and the number of abstentions. Equal configurations have equal maj@k for every k, so the
 * problems of a run, which repeat configurations constantly (all samples agreeing, most of all),
 * can share one computation.
 */
public final class VoteConfiguration {
  /** Correct sizes descending, a separator, wrong sizes descending, a separator, abstentions. */
  private final int[] code;

  private VoteConfiguration(int[] code) {
    this.code = code;
  }

  /**
   * The configuration of the first {@code clusters} entries of {@code sizes} (zeros are empty
   * clusters and ignored) whose correctness is {@code correct}.
   */
  public static VoteConfiguration of(
      int[] sizes, boolean[] correct, int clusters, int abstentions) {
    int right = 0;
    int wrong = 0;
    for (int i = 0; i < clusters; i++) {
      if (sizes[i] > 0) {
        if (correct[i]) {
          right++;
        } else {
          wrong++;
        }
      }
    }
    int[] code = new int[right + wrong + 3];
    int r = 0;
    int w = right + 1;
    for (int i = 0; i < clusters; i++) {
      if (sizes[i] > 0) {
        // negated so that an ascending sort gives descending sizes
        code[correct[i] ? r++ : w++] = -sizes[i];
      }
    }
    Arrays.sort(code, 0, right);
    Arrays.sort(code, right + 1, right + 1 + wrong);
    code[right] = 1;
    code[right + 1 + wrong] = 1;
    code[right + wrong + 2] = abstentions;
    return new VoteConfiguration(code);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VoteConfiguration c && Arrays.equals(code, c.code);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(code);
  }
}
