package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** A retried bundle finds what its run already checkpointed, and only that. */
public class RunCheckpointsTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static SampleRequest sample(int index) {
    return new SampleRequest("d", "p1", "What is 1 + 1?", List.of("2"), index, 4, 100L + index);
  }

  private static Generation answer(SampleRequest request, String text) {
    return Generation.builder(request)
        .text(text)
        .finishReason("stop")
        .promptTokens(10)
        .completionTokens(20)
        .latencyMs(5)
        .replica("http://r")
        .attempts(1)
        .build();
  }

  @Test
  public void findsThisRunsCheckpointsAndNotOtherRunsOnes() throws Exception {
    String dir = tmp.getRoot().getPath();
    GenerationCacheWriter thisRun = new GenerationCacheWriter(dir, 30, "run-a");
    thisRun.append(CachedGenerationJson.line(SampleKeys.of(sample(0)), answer(sample(0), "A0")));
    thisRun.append(CachedGenerationJson.line(SampleKeys.of(sample(1)), answer(sample(1), "A1")));
    thisRun.close();
    GenerationCacheWriter otherRun = new GenerationCacheWriter(dir, 30, "run-b");
    otherRun.append(CachedGenerationJson.line(SampleKeys.of(sample(2)), answer(sample(2), "B2")));
    otherRun.close();

    try (RunCheckpoints checkpoints = RunCheckpoints.read(dir, "run-a")) {
      assertEquals(2, checkpoints.size());
      Generation found = checkpoints.take(sample(1));
      assertEquals("A1", found.text());
      assertEquals(sample(1), found.request());
      assertEquals(20, found.completionTokens());
      assertNull("taken once", checkpoints.take(sample(1)));
      assertNull("another run's line", checkpoints.take(sample(2)));
    }
    try (RunCheckpoints none = RunCheckpoints.read(dir + "/missing", "run-a")) {
      assertEquals(0, none.size());
    }
  }
}
