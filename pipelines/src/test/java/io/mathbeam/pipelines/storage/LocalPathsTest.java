package io.mathbeam.pipelines.storage;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class LocalPathsTest {
  @Test
  public void globsAndUrlsAreLeftToBeam() throws Exception {
    for (String location :
        java.util.List.of(
            "/data/aime*.jsonl", "/data/aime2?.jsonl", "s3://bucket/a.jsonl", "file:/x")) {
      assertFalse(location, LocalPaths.isPlainLocal(location));
      // unchecked: no exception even though nothing is there
      LocalPaths.requireExists(location, "problem file");
    }
    assertTrue(LocalPaths.isPlainLocal("/data/aime24.jsonl"));
    assertTrue(LocalPaths.isPlainLocal("relative/aime24.jsonl"));
  }

  @Test
  public void existsAnswersForAMissingPathUnderTheRootWithoutWalkingIt() throws Exception {
    long started = System.nanoTime();
    assertFalse(Storage.exists("/nonexistent-mathbeam-input.jsonl"));
    assertTrue((System.nanoTime() - started) / 1_000_000 < 1000);
  }
}
