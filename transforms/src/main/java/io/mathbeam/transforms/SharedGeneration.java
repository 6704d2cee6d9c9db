package io.mathbeam.transforms;

import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.client.OpenAiClient;
import java.util.HashMap;
import java.util.Map;

/**
 * One client and one dispatcher per generation configuration and JVM, shared by every generation
 * DoFn instance (and bundle) of a worker: one window of sequences in flight and one dispatch order
 * ({@code DispatchOrder}: longest expected work first) over all the samples the worker holds, so a
 * bundle that runs out of work leaves its slots to the others. Reference-counted: the last {@link
 * #release()} closes the client.
 */
final class SharedGeneration {
  private static final Map<GenerationConfig, SharedGeneration> SHARED = new HashMap<>();

  private final GenerationConfig config;
  private final OpenAiClient client;
  private final GenerationDispatcher dispatcher;
  private int references;

  private SharedGeneration(GenerationConfig config) {
    this.config = config;
    this.client = OpenAiClient.shared(config.client());
    // with leased caps the window grows with the leases the worker takes; otherwise it is the
    // whole fleet's cap, as the JVM's client enforces the limits alone
    int window = config.client().leasedCaps() ? 0 : config.maxInFlightPerWorker();
    this.dispatcher = config.newDispatcher(client, window);
  }

  static SharedGeneration acquire(GenerationConfig config) {
    synchronized (SHARED) {
      SharedGeneration shared = SHARED.computeIfAbsent(config, SharedGeneration::new);
      shared.references++;
      return shared;
    }
  }

  OpenAiClient client() {
    return client;
  }

  GenerationDispatcher dispatcher() {
    return dispatcher;
  }

  void release() {
    synchronized (SHARED) {
      if (--references > 0) {
        return;
      }
      SHARED.remove(config);
    }
    client.close();
  }
}
