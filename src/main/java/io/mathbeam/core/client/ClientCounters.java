package io.mathbeam.core.client;

import io.mathbeam.core.model.ErrorClass;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** An {@link OpenAiClient}'s running counts, read out as {@link ClientStats}. */
final class ClientCounters {
  final LongAdder requestsSent = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder succeeded = new LongAdder();
  final LongAdder maxTokensCapped = new LongAdder();
  final LongAdder budgetWaits = new LongAdder();
  private final Map<ErrorClass, LongAdder> failures = new ConcurrentHashMap<>();

  /** Counts {@code samples} that failed for good with {@code errorClass}. */
  void failed(ErrorClass errorClass, int samples) {
    failures.computeIfAbsent(errorClass, key -> new LongAdder()).add(samples);
  }

  /** The counters now, with the in-flight state of {@code replicas}. */
  ClientStats snapshot(ReplicaSet replicas) {
    Map<String, Long> failed = new HashMap<>();
    failures.forEach((errorClass, count) -> failed.put(errorClass.name(), count.sum()));
    Map<String, Integer> inFlight = new LinkedHashMap<>();
    Map<String, Integer> maxInFlight = new LinkedHashMap<>();
    Map<String, Integer> waiting = new LinkedHashMap<>();
    Map<String, Double> windows = new LinkedHashMap<>();
    Set<String> unhealthy = new HashSet<>();
    for (Replica replica : replicas.all()) {
      windows.put(replica.baseUrl(), replica.permits().window());
      inFlight.put(replica.baseUrl(), replica.permits().inFlight());
      maxInFlight.put(replica.baseUrl(), replica.permits().maxInFlight());
      waiting.put(replica.baseUrl(), replica.permits().waiting());
      if (!replica.healthy()) {
        unhealthy.add(replica.baseUrl());
      }
    }
    return new ClientStats(
        requestsSent.sum(),
        retries.sum(),
        succeeded.sum(),
        failed,
        inFlight,
        maxInFlight,
        waiting,
        unhealthy,
        maxTokensCapped.sum(),
        windows,
        budgetWaits.sum());
  }
}
