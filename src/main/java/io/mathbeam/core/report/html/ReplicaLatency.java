package io.mathbeam.core.report.html;

import java.util.Objects;

/** Request latency percentiles of one serving replica, in milliseconds. */
public record ReplicaLatency(
    String replica, long samples, double p50Ms, double p90Ms, double p99Ms, double maxMs) {
  public ReplicaLatency {
    Objects.requireNonNull(replica, "replica");
  }
}
