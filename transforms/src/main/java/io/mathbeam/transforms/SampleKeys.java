package io.mathbeam.transforms;

import io.mathbeam.core.model.SampleRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The identity of a sample in the generation cache: dataset, problem id, sample index, seed and a
 * hash of the problem text, so an edited problem is never answered from the cache.
 */
final class SampleKeys {
  private SampleKeys() {}

  static String of(SampleRequest r) {
    return r.datasetId()
        + '\t'
        + r.problemId()
        + '\t'
        + r.sampleIndex()
        + '\t'
        + r.seed()
        + '\t'
        + textHash(r.problem());
  }

  static String textHash(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Spreads keys over a fixed number of groups (see {@link ReuseCachedGenerations}). */
  static int bucket(String key, int buckets) {
    return Math.floorMod(key.hashCode(), buckets);
  }
}
