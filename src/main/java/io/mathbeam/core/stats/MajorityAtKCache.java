package io.mathbeam.core.stats;

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
  private final Map<VoteConfiguration, double[]> cache = new HashMap<>();

  /** {@code ks} ascending. */
  MajorityAtKCache(int[] ks) {
    this.ks = ks.clone();
  }

  /** maj@k for each of the cache's k (index into its list); sizes may contain zeros. */
  double[] values(int[] sizes, boolean[] correct, int abstentions) {
    VoteConfiguration key = VoteConfiguration.of(sizes, correct, sizes.length, abstentions);
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
}
