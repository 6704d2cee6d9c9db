package io.mathbeam.transforms;

import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;

/**
 * Hands samples to a {@link GenerationDispatcher}, which keeps up to {@code maxInFlightPerWorker}
 * sequences outstanding per DoFn instance and refills that window from the HTTP threads as
 * responses arrive. Finished generations are emitted from {@code processElement} (Beam allows
 * output only on the processing thread) and the rest at the end of the bundle; {@code
 * processElement} blocks only when as many samples wait unsent as fit in the window. The
 * per-replica limits are those of the JVM's shared client (per JVM); {@link GenerateShardFn} is the
 * job-wide variant.
 */
final class GenerateSampleFn extends DoFn<SampleRequest, Generation> {
  private final GenerationConfig config;

  private transient OpenAiClient client;
  private transient FinishedGenerations finished;
  private transient DispatchWindow window;

  GenerateSampleFn(GenerationConfig config) {
    this.config = config;
  }

  @Setup
  public void setup() {
    client = OpenAiClient.shared(config.client());
    finished = new FinishedGenerations(config, client);
  }

  @StartBundle
  public void startBundle() {
    window =
        new DispatchWindow(
            config.newDispatcher(client, config.maxInFlightPerWorker()),
            config.maxInFlightPerWorker());
  }

  @ProcessElement
  public void process(@Element SampleRequest request, OutputReceiver<Generation> out)
      throws InterruptedException, IOException {
    finished.sent();
    window.submit(
        request,
        generation -> {
          finished.record(generation);
          out.output(generation);
        });
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws InterruptedException, IOException {
    window.drain(
        generation -> {
          finished.record(generation);
          context.output(generation, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
        });
    finished.endBundle();
  }

  @Teardown
  public void teardown() throws IOException {
    if (finished != null) {
      finished.endBundle();
    }
    if (client != null) {
      client.close();
      client = null;
    }
  }
}
