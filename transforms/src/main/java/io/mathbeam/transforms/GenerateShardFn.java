package io.mathbeam.transforms;

import io.mathbeam.core.client.CapLease;
import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.client.OpenAiClient;
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
 * Generates the samples of one shard per element, under that shard's lease of every replica's
 * job-wide limits ({@link CapLease}). A grouped shard is processed in exactly one place, so the
 * leases held across all workers never add up to more than a replica's cap.
 *
 * <p>All shards of a bundle pool their leases in the JVM's shared client, and {@code
 * processElement} never blocks: it takes the shard's lease, queues its samples and returns, so
 * every shard a worker holds adds its share to the fleet's work at once (on Flink a batch bundle is
 * the worker's whole partition). The bundle ends when its samples are done; only then are the
 * leases given back.
 */
final class GenerateShardFn extends DoFn<KV<Integer, Iterable<SampleRequest>>, Generation> {
  private final GenerationConfig config;

  private transient OpenAiClient client;
  private transient FinishedGenerations finished;
  private transient GenerationDispatcher dispatcher;
  private transient List<CapLease> leases;

  GenerateShardFn(GenerationConfig config) {
    this.config = config;
  }

  @Setup
  public void setup() {
    client = OpenAiClient.shared(config.client());
    finished = new FinishedGenerations(config, client);
    leases = new ArrayList<>();
  }

  @StartBundle
  public void startBundle() {
    dispatcher = finished.dispatcher(client, 0);
  }

  @ProcessElement
  public void process(
      @Element KV<Integer, Iterable<SampleRequest>> shard, OutputReceiver<Generation> out)
      throws IOException {
    CapLease lease = client.lease(shard.getKey());
    leases.add(lease);
    for (SampleRequest request : shard.getValue()) {
      finished.sent();
      dispatcher.submit(request);
    }
    dispatcher.widen(lease.sequences());
    Generation ready;
    while ((ready = dispatcher.poll()) != null) {
      finished.record(ready);
      out.output(ready);
    }
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws InterruptedException, IOException {
    try {
      dispatcher.flush();
      while (dispatcher.unfinished() > 0) {
        Generation generation = dispatcher.take();
        finished.record(generation);
        context.output(generation, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
      }
      finished.endBundle();
    } finally {
      releaseLeases();
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
    if (client != null) {
      client.close();
      client = null;
    }
  }

  private void releaseLeases() {
    leases.forEach(CapLease::close);
    leases.clear();
  }
}
