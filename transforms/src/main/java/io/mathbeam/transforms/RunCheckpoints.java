package io.mathbeam.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;

/**
 * The generations this run has already checkpointed in the generation cache, read when a bundle
 * starts. When Flink restarts a failed region, the restarted generation step gets the same samples
 * again, although the failed attempt had already generated many of them; the cache was joined
 * before the step and knows nothing of them. The cache files of this run carry its id in their
 * names ({@link GenerationCacheWriter}), so a starting bundle reads only them: none at the run's
 * start, what the failed attempts wrote on a restart. A sample found there moves on without a
 * request.
 */
final class RunCheckpoints implements AutoCloseable {
  private final Map<String, CacheLinePointer> byKey = new HashMap<>();
  private final CacheLineReader reader = new CacheLineReader();

  private RunCheckpoints() {}

  static RunCheckpoints read(String cacheDir, String runId) throws IOException {
    RunCheckpoints checkpoints = new RunCheckpoints();
    String pattern = cacheDir + "/generations-" + GenerationCacheWriter.runTag(runId) + "-*.jsonl";
    MatchResult match = FileSystems.match(pattern, EmptyMatchTreatment.ALLOW);
    if (match.status() != MatchResult.Status.OK) {
      return checkpoints;
    }
    for (MatchResult.Metadata file : match.metadata()) {
      String name = file.resourceId().toString();
      CacheFiles.scan(
          file.resourceId(),
          (key, line, offset, length) ->
              checkpoints.byKey.put(key, new CacheLinePointer(name, offset, length)));
    }
    return checkpoints;
  }

  /** Samples found. */
  int size() {
    return byKey.size();
  }

  /** The checkpointed generation of {@code request}, or null when it has none. */
  Generation take(SampleRequest request) throws IOException {
    if (byKey.isEmpty()) {
      return null;
    }
    CacheLinePointer pointer = byKey.remove(SampleKeys.of(request));
    if (pointer == null) {
      return null;
    }
    JsonNode node = CachedGenerationJson.parse(reader.read(pointer));
    return node == null ? null : CachedGenerationJson.generation(node, request);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
