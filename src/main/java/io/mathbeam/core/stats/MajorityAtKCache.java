package io.mathbeam.core.stats;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * maj@k at a fixed list of k, memoized by vote configuration. maj@k depends only on the multiset of
 * correct cluster sizes, the multiset of wrong ones and the abstentions, and bootstrap draws of
 * small problems repeat those configurations constantly. Bounded to about {@link
 * #MAX_STORED_VALUES} stored values (16 MB); past that it computes without storing.
 */
final class MajorityAtKCache {
  static final int MAX_STORED_VALUES = 2_000_000;

  private final int[] ks;
  private final Map<Configuration, double[]> cache = new HashMap<>();

  /** {@code ks} ascending. */
  MajorityAtKCache(int[] ks) {
    this.ks = ks.clone();
  }

  /** maj@k for each of the cache's k (index into its list); sizes may contain zeros. */
  double[] values(int[] sizes, boolean[] correct, int abstentions) {
    Configuration key = Configuration.of(sizes, correct, abstentions);
    double[] values = cache.get(key);
    if (values == null) {
      double[] all = MajorityAtK.upToK(sizes, correct, abstentions, ks[ks.length - 1]);
      values = new double[ks.length];
      for (int i = 0; i < ks.length; i++) {
        values[i] = all[ks[i] - 1];
      }
      if ((long) (cache.size() + 1) * ks.length <= MAX_STORED_VALUES) {
        cache.put(key, values);
      }
    }
    return values;
  }

  /** Correct sizes descending, -1, wrong sizes descending, -1, abstentions. */
  private record Configuration(int[] code) {
    static Configuration of(int[] sizes, boolean[] correct, int abstentions) {
      int right = 0;
      int wrong = 0;
      for (int i = 0; i < sizes.length; i++) {
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
      for (int i = 0; i < sizes.length; i++) {
        if (sizes[i] > 0) {
          // Negated so an ascending sort gives descending sizes.
          code[correct[i] ? r++ : w++] = -sizes[i];
        }
      }
      Arrays.sort(code, 0, right);
      Arrays.sort(code, right + 1, right + 1 + wrong);
      code[right] = 1;
      code[right + 1 + wrong] = 1;
      code[right + wrong + 2] = abstentions;
      return new Configuration(code);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Configuration c && Arrays.equals(code, c.code);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(code);
    }
  }
}
