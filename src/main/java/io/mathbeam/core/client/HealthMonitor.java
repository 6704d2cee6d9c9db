package io.mathbeam.core.client;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Ejects a replica after its consecutive-failure threshold and probes its {@code /health} every
 * interval until it answers 200, then re-admits it.
 */
final class HealthMonitor {
  private static final System.Logger LOG = System.getLogger(HealthMonitor.class.getName());

  private final MetadataRequests metadata;
  private final DelayScheduler scheduler;
  private final Duration interval;
  private final BooleanSupplier closed;

  HealthMonitor(
      MetadataRequests metadata,
      DelayScheduler scheduler,
      Duration interval,
      BooleanSupplier closed) {
    this.metadata = metadata;
    this.scheduler = scheduler;
    this.interval = interval;
    this.closed = closed;
  }

  /** Records a connection failure or 5xx of {@code replica}. */
  void failed(Replica replica) {
    if (replica.recordFailure()) {
      LOG.log(
          System.Logger.Level.WARNING,
          "replica {0} ejected after consecutive failures; probing /health",
          replica);
      scheduleProbe(replica);
    }
  }

  /** Records a completed generation: proof enough that the replica works. */
  void succeeded(Replica replica) {
    if (replica.readmit()) {
      LOG.log(System.Logger.Level.INFO, "replica {0} answered again; re-admitted", replica);
    }
  }

  private void scheduleProbe(Replica replica) {
    if (closed.getAsBoolean()) {
      return;
    }
    try {
      scheduler.schedule(interval, () -> probe(replica));
    } catch (RuntimeException rejected) {
      LOG.log(System.Logger.Level.DEBUG, "health probe not scheduled: {0}", rejected.toString());
    }
  }

  private void probe(Replica replica) {
    if (closed.getAsBoolean() || replica.healthy()) {
      return;
    }
    metadata
        .healthy(replica)
        .thenAccept(
            healthy -> {
              if (!healthy) {
                scheduleProbe(replica);
              } else if (replica.readmit()) {
                LOG.log(System.Logger.Level.INFO, "replica {0} healthy again", replica);
              }
            });
  }
}
