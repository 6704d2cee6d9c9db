package io.mathbeam.transforms;

import io.mathbeam.core.model.SampleRequest;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.apache.beam.sdk.transforms.SerializableFunction;

/**
 * Which shard of the job-wide limits a sample is generated under. A problem's samples are dealt
 * round the shards from a place that depends on the problem, in runs of {@code samplesPerRequest}
 * consecutive samples (so a request with {@code n} choices stays in one shard), so the shards get
 * equal work whatever the number of problems. Routing to replicas does not depend on the shard: a
 * problem's samples prefer the same replica in every worker (prefix-cache affinity survives).
 */
final class SampleShards implements SerializableFunction<SampleRequest, Integer> {
  private final int shards;
  private final int samplesPerRequest;

  SampleShards(int shards, int samplesPerRequest) {
    if (shards < 1 || samplesPerRequest < 1) {
      throw new IllegalArgumentException("shards and samplesPerRequest must be >= 1");
    }
    this.shards = shards;
    this.samplesPerRequest = samplesPerRequest;
  }

  /** Every sample of a problem in one group, the problems spread over {@code groups}. */
  static SampleShards byProblem(int groups) {
    return new SampleShards(groups, Integer.MAX_VALUE);
  }

  @Override
  public Integer apply(SampleRequest request) {
    CRC32 crc = new CRC32();
    crc.update(request.datasetId().getBytes(StandardCharsets.UTF_8));
    crc.update(0);
    crc.update(request.problemId().getBytes(StandardCharsets.UTF_8));
    long start = crc.getValue();
    return (int) Math.floorMod(start + request.sampleIndex() / samplesPerRequest, (long) shards);
  }
}
