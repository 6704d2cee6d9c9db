package io.mathbeam.core.sim;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Draws the fault of each generation request from its own seeded RNG, independent of sampling
 * seeds, so that a retry of the same request can succeed.
 */
final class FaultInjector {
  /**
   * What happens to one request. {@code status} is set for {@link Kind#ERROR}; {@code afterEvents}
   * (1 to 3) for the stream faults: how many flushes carrying tokens go out before the fault
   * strikes (sooner if a choice finishes first).
   */
  record Fault(Kind kind, int status, int afterEvents) {
    static final Fault NONE = new Fault(Kind.NONE, 0, 0);
  }

  enum Kind {
    NONE,
    ERROR,
    RESET,
    SLOW_BODY,
    /** A stream stops sending but keeps its connection open. */
    STREAM_STALL,
    /** A stream's connection closes abruptly, without {@code [DONE]}. */
    STREAM_DROP,
    /** A stream ends with an in-band error event and {@code [DONE]}. */
    STREAM_ERROR
  }

  private final Map<Integer, Double> errorRates;
  private final double resetRate;
  private final double slowRate;
  private final double stallRate;
  private final double dropRate;
  private final double streamErrorRate;
  private final Random random;

  FaultInjector(SimConfig config, long seed) {
    this.errorRates = new TreeMap<>(config.errorRates());
    this.resetRate = config.connectionResetRate();
    this.slowRate = config.slowBodyRate();
    this.stallRate = config.streamStallRate();
    this.dropRate = config.streamDropRate();
    this.streamErrorRate = config.streamErrorRate();
    this.random = new Random(seed);
  }

  /**
   * The fault of the next request. Every request consumes one draw, so the stream faults' share of
   * the unit interval simply means no fault for a non-streaming request.
   */
  Fault draw(boolean stream) {
    double u;
    synchronized (random) {
      u = random.nextDouble();
    }
    double edge = 0;
    for (Map.Entry<Integer, Double> e : errorRates.entrySet()) {
      edge += e.getValue();
      if (u < edge) {
        return new Fault(Kind.ERROR, e.getKey(), 0);
      }
    }
    edge += resetRate;
    if (u < edge) {
      return new Fault(Kind.RESET, 0, 0);
    }
    edge += slowRate;
    if (u < edge) {
      return new Fault(Kind.SLOW_BODY, 0, 0);
    }
    Kind streamFault;
    if (u < edge + stallRate) {
      streamFault = Kind.STREAM_STALL;
    } else if (u < edge + stallRate + dropRate) {
      streamFault = Kind.STREAM_DROP;
    } else if (u < edge + stallRate + dropRate + streamErrorRate) {
      streamFault = Kind.STREAM_ERROR;
    } else {
      streamFault = Kind.NONE;
    }
    if (!stream || streamFault == Kind.NONE) {
      return Fault.NONE;
    }
    int after;
    synchronized (random) {
      after = 1 + random.nextInt(3);
    }
    return new Fault(streamFault, 0, after);
  }
}
