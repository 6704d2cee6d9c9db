package io.mathbeam.core.sim;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Draws the fault of each generation request from its own seeded RNG, independent of sampling
 * seeds, so that a retry of the same request can succeed.
 */
final class FaultInjector {
  /** What happens to one request. {@code status} is set for {@link Kind#ERROR}. */
  record Fault(Kind kind, int status) {
    static final Fault NONE = new Fault(Kind.NONE, 0);
  }

  enum Kind {
    NONE,
    ERROR,
    RESET,
    SLOW_BODY
  }

  private final Map<Integer, Double> errorRates;
  private final double resetRate;
  private final double slowRate;
  private final Random random;

  FaultInjector(SimConfig config, long seed) {
    this.errorRates = new TreeMap<>(config.errorRates());
    this.resetRate = config.connectionResetRate();
    this.slowRate = config.slowBodyRate();
    this.random = new Random(seed);
  }

  Fault draw() {
    double u;
    synchronized (random) {
      u = random.nextDouble();
    }
    double edge = 0;
    for (Map.Entry<Integer, Double> e : errorRates.entrySet()) {
      edge += e.getValue();
      if (u < edge) {
        return new Fault(Kind.ERROR, e.getKey());
      }
    }
    edge += resetRate;
    if (u < edge) {
      return new Fault(Kind.RESET, 0);
    }
    edge += slowRate;
    if (u < edge) {
      return new Fault(Kind.SLOW_BODY, 0);
    }
    return Fault.NONE;
  }
}
