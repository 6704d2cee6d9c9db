package io.mathbeam.transforms;

import io.mathbeam.core.client.CapLease;
import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;

/**
 * Generates the samples of one group per element through the worker's shared dispatcher ({@link
 * SharedGeneration}), so that every sample the worker holds is in one dispatch order and one
 * window.
 *
 * <p>With job-wide limits (the client config's {@code capShards > 0}) a group is a shard: the
 * element takes that shard's lease of every replica's limits ({@link CapLease}) and widens the
 * window by it. A grouped shard is processed in exactly one place, so the leases held across all
 * workers never add up to more than a replica's cap.
 *
 * <p>A sample that a failed attempt of this run already generated and checkpointed in the cache
 * ({@link RunCheckpoints}: Flink restarting a region after a lost TaskManager) is emitted from
 * there without a request.
 *
 * <p>{@code processElement} never blocks: it queues the group's samples and returns, so every group
 * a worker holds adds its work at once (on Flink a batch bundle is the worker's whole partition).
 * The bundle then emits its own samples as they finish and keeps its thread until the worker's
 * dispatcher has nothing outstanding: on the DirectRunner, whose driver thread re-runs itself
 * without pause whenever a worker thread is free, generation spread over as many groups as the
 * runner has threads keeps them all waiting here instead of spinning (docs/runners.md); on any
 * runner a bundle's leases stay in the pool until the last sample of the worker is done. Only then
 * are the leases given back.
 */
final class GenerateShardFn extends DoFn<KV<Integer, Iterable<SampleRequest>>, Generation> {
  private final GenerationConfig config;

  private transient SharedGeneration shared;
  private transient FinishedGenerations finished;
  private transient GenerationDispatcher.Batch batch;
  private transient RunCheckpoints checkpoints;
  private transient List<CapLease> leases;
  private transient int leasedSequences;

  GenerateShardFn(GenerationConfig config) {
    this.config = config;
  }

  @Setup
  public void setup() {
    shared = SharedGeneration.acquire(config);
    finished = new FinishedGenerations(config, shared.client());
    leases = new ArrayList<>();
  }

  @StartBundle
  public void startBundle() throws IOException {
    batch = shared.dispatcher().newBatch();
    checkpoints =
        config.cacheDir() == null ? null : RunCheckpoints.read(config.cacheDir(), config.runId());
  }

  @ProcessElement
  public void process(
      @Element KV<Integer, Iterable<SampleRequest>> group, OutputReceiver<Generation> out)
      throws IOException {
    for (SampleRequest request : group.getValue()) {
      Generation checkpointed = checkpoints == null ? null : checkpoints.take(request);
      if (checkpointed != null) {
        finished.recovered(checkpointed);
        out.output(checkpointed);
        continue;
      }
      // a sample sent ahead of this round (eval --precision) is taken over, not sent again
      if (batch.submit(request)) {
        finished.sent();
      }
    }
    if (config.client().leasedCaps()) {
      CapLease lease = shared.client().lease(group.getKey());
      leases.add(lease);
      leasedSequences += lease.sequences();
      shared.dispatcher().widen(lease.sequences());
    }
    Generation ready;
    while ((ready = batch.poll()) != null) {
      finished.record(ready);
      out.output(ready);
    }
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws InterruptedException, IOException {
    try {
      batch.flush();
      while (batch.unfinished() > 0) {
        Generation generation = batch.take();
        finished.record(generation);
        context.output(generation, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
      }
      finished.endBundle();
      shared.dispatcher().awaitNoneOutstanding();
    } finally {
      releaseLeases();
      if (checkpoints != null) {
        checkpoints.close();
        checkpoints = null;
      }
    }
  }

  @Teardown
  public void teardown() throws IOException {
    if (leases != null) {
      releaseLeases();
    }
    if (finished != null) {
      finished.endBundle();
    }
    if (shared != null) {
      shared.release();
      shared = null;
    }
  }

  private void releaseLeases() {
    if (leasedSequences > 0) {
      shared.dispatcher().widen(-leasedSequences);
      leasedSequences = 0;
    }
    leases.forEach(CapLease::close);
    leases.clear();
  }
}
