package io.mathbeam.core.client;

import java.time.Duration;

/**
 * Holds a dispatcher's first wave back until its input has arrived, when an earlier run's lengths
 * order the samples: until the input ends, or {@link #GATHER} after the first sample, whichever
 * comes first. Guarded by the dispatcher's lock.
 *
 * <p>Why: longest first can only order what has arrived, and a runner hands its input over in
 * bundles; without the wait the first wave, which fills every slot, is whatever came first, and the
 * longest samples, arriving a moment later, start wherever a slot is left (bench-fleet's
 * long-tailed run with every length known piled them onto one replica: 0.68 of the ideal against
 * 0.82 with the wait). A second is small beside a run long enough to need the order.
 */
final class InputGathering {
  static final Duration GATHER = Duration.ofSeconds(1);

  private boolean gathering;
  private boolean started;

  InputGathering(boolean enabled) {
    this.gathering = enabled;
  }

  /** True once, at the first sample while gathering: the caller schedules {@link #end()}. */
  boolean firstSample() {
    if (gathering && !started) {
      started = true;
      return true;
    }
    return false;
  }

  void end() {
    gathering = false;
  }

  /** Whether dispatch still waits: gathering, and the input has not ended. */
  boolean holds(boolean inputEnded) {
    if (gathering && inputEnded) {
      gathering = false;
    }
    return gathering;
  }
}
