package io.mathbeam.transforms;

import io.mathbeam.core.client.OpenAiClient;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Generation progress of one run as this JVM sees it, updated as each response arrives.
 *
 * <p>Beam metrics are the cluster-wide record, but the DirectRunner publishes a bundle's metrics
 * only when the bundle ends, and a generation bundle can be a whole dataset: a progress line fed
 * from them would stand still for the entire run. When the job runs in the submitting JVM, the
 * progress line reads this instead.
 */
public final class LiveProgress {
  private static final Map<String, LiveProgress> RUNS = new ConcurrentHashMap<>();

  private final AtomicLong generated = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicLong retries = new AtomicLong();
  private final AtomicLong completionTokens = new AtomicLong();
  private final AtomicReference<OpenAiClient> client = new AtomicReference<>();

  private LiveProgress() {}

  /** The progress of run {@code runId} in this JVM, created empty on first use. */
  public static LiveProgress of(String runId) {
    return RUNS.computeIfAbsent(runId, id -> new LiveProgress());
  }

  /** Forgets a finished run. */
  public static void forget(String runId) {
    RUNS.remove(runId);
  }

  void attach(OpenAiClient value) {
    client.set(value);
  }

  void recordGenerated(boolean wasFailure, long tokens, int attempts) {
    generated.incrementAndGet();
    if (wasFailure) {
      failed.incrementAndGet();
    }
    completionTokens.addAndGet(tokens);
    retries.addAndGet(Math.max(0, attempts - 1));
  }

  /** Whether any sample was generated in this JVM (false when workers run elsewhere). */
  public boolean active() {
    return generated.get() > 0 || client.get() != null;
  }

  public long generated() {
    return generated.get();
  }

  public long failed() {
    return failed.get();
  }

  public long retries() {
    return retries.get();
  }

  public long completionTokens() {
    return completionTokens.get();
  }

  /** Sequences in flight per replica base URL, now; empty before generation starts. */
  public Map<String, Integer> inFlightByReplica() {
    OpenAiClient current = client.get();
    return current == null ? Map.of() : current.stats().inFlightByReplica();
  }
}
