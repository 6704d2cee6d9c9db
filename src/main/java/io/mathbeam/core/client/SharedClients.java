package io.mathbeam.core.client;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/** The JVM-wide {@link OpenAiClient}s, one per configuration, counted by their open references. */
final class SharedClients {
  private final Map<ClientConfig, Entry> clients = new HashMap<>();

  /** The client for {@code config}, made by {@code create} if there is none; one more reference. */
  synchronized OpenAiClient acquire(ClientConfig config, Supplier<OpenAiClient> create) {
    Entry entry = clients.computeIfAbsent(config, key -> new Entry(create.get()));
    entry.references++;
    return entry.client;
  }

  /**
   * Drops one reference to {@code client}; true when it was the last one, and the client is no
   * longer shared (its owner then shuts it down).
   */
  synchronized boolean release(ClientConfig config, OpenAiClient client) {
    Entry entry = clients.get(config);
    if (entry == null || entry.client != client || --entry.references > 0) {
      return false;
    }
    clients.remove(config);
    return true;
  }

  private static final class Entry {
    final OpenAiClient client;
    int references;

    Entry(OpenAiClient client) {
      this.client = client;
    }
  }
}
