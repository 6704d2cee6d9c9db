package io.mathbeam.core.client;

import java.time.Duration;

/**
 * Holds a dispatcher's first wave back until its input has arrived, when an earlier run's lengths
 * order the samples: until as many samples as the earlier run had were submitted, or {@link
 * #GATHER} after the first one, whichever comes first. Guarded by the dispatcher's lock.
 *
 * <p>Why: longest first can only order what has arrived, and a runner hands its input over in
 * bundles; without the wait the first wave, which fills every slot, is whatever came first, and the
 * longest samples, arriving a moment later, start wherever a slot is left (bench-fleet's
 * long-tailed run with every length known piled them onto one replica: 0.67-0.68 of the ideal
 * against 0.82-0.83 with the wait). The end of a bundle is no sign of the input's end (the
 * DirectRunner flushes several), so the earlier run's size is; a run of another size, or a worker
 * holding part of the input, waits the second, small beside a run long enough to need the order.
 */
final class InputGathering {
  static final Duration GATHER = Duration.ofSeconds(1);

  private final long expected;
  private boolean gathering;
  private long submitted;

  /** Gathers as many samples as the earlier run had, when they are ordered longest first. */
  InputGathering(LengthPriors priors, DispatchPolicy policy) {
    this.expected = policy == DispatchPolicy.LONGEST_FIRST ? priors.totalSamples() : 0;
    this.gathering = expected > 0;
  }

  /**
   * Counts a submitted sample; true at the first while gathering: the caller schedules {@link
   * #end()}.
   */
  boolean submitted() {
    submitted++;
    return gathering && submitted == 1;
  }

  void end() {
    gathering = false;
  }

  /** Whether dispatch still waits for input. */
  boolean holds() {
    if (gathering && submitted >= expected) {
      gathering = false;
    }
    return gathering;
  }
}
