package io.mathbeam.transforms;

import org.apache.beam.sdk.testing.CoderProperties;
import org.junit.Test;

public class CacheLinePointerCoderTest {
  @Test
  public void pointersPastFourGigabytesRoundTrip() throws Exception {
    CoderProperties.coderDecodeEncodeEqual(
        CacheLinePointerCoder.of(),
        new CacheLinePointer("/cache/ab/generations-\u00e9-0.jsonl", 5_000_000_000L, 12_345));
  }
}
