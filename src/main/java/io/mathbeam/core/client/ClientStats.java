package io.mathbeam.core.client;

import java.util.Map;
import java.util.Set;

/**
 * A snapshot of an {@link OpenAiClient}'s counters.
 *
 * @param requestsSent generation HTTP attempts sent, retries included
 * @param retries attempts beyond the first of each sample
 * @param succeeded samples that ended with a completion
 * @param failuresByClass samples that failed for good, by {@code ErrorClass} name
 * @param inFlightByReplica open generation sequences (n counted) per replica base URL, now
 * @param maxInFlightByReplica the highest in-flight count each replica has seen
 * @param waitingByReplica requests waiting for a permit of each replica, now
 * @param unhealthyReplicas replicas currently ejected from routing
 * @param maxTokensCapped requests sent with a max_tokens below the sampling params' because the
 *     prompt plus max_tokens would not fit the context window (prevented overflows and capped
 *     retries alike)
 * @param concurrencyWindowByReplica each replica's current AIMD window in sequences (1 to {@code
 *     maxInFlightPerReplica}, or to the leased part of it; 0 while no lease holds a share);
 *     admission uses its integer part
 * @param budgetWaits attempts that waited for a replica's requests/s or tokens/s budget
 */
public record ClientStats(
    long requestsSent,
    long retries,
    long succeeded,
    Map<String, Long> failuresByClass,
    Map<String, Integer> inFlightByReplica,
    Map<String, Integer> maxInFlightByReplica,
    Map<String, Integer> waitingByReplica,
    Set<String> unhealthyReplicas,
    long maxTokensCapped,
    Map<String, Double> concurrencyWindowByReplica,
    long budgetWaits) {

  public ClientStats {
    failuresByClass = Map.copyOf(failuresByClass);
    inFlightByReplica = Map.copyOf(inFlightByReplica);
    maxInFlightByReplica = Map.copyOf(maxInFlightByReplica);
    waitingByReplica = Map.copyOf(waitingByReplica);
    unhealthyReplicas = Set.copyOf(unhealthyReplicas);
    concurrencyWindowByReplica = Map.copyOf(concurrencyWindowByReplica);
  }

  /** Samples that failed for good, all classes together. */
  public long failed() {
    return failuresByClass.values().stream().mapToLong(Long::longValue).sum();
  }
}
