package io.mathbeam.core.stats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/** Prints how long the bootstrap takes on typical sizes (a measurement, not a test). */
public final class BootstrapTiming {
  private BootstrapTiming() {}

  public static void main(String[] args) {
    for (int round = 0; round < 3; round++) {
      time("AIME 30 x K=64, all k", SimulatedVotes.dataset("aime", 30, 64, 1), null);
      time("500 x K=16, all k", SimulatedVotes.dataset("math500", 500, 16, 2), null);
      time(
          "500 x K=64, k in 1,2,4,..,64",
          SimulatedVotes.dataset("math500", 500, 64, 3),
          ProblemIntervals.powersOfTwoAnd(64));
      time("10000 x K=4, all k", SimulatedVotes.dataset("big", 10000, 4, 4), null);
    }
    List<ProblemVotes> big = SimulatedVotes.dataset("k1024", 1, 1024, 5);
    long start = System.nanoTime();
    MajorityAtK.allK(big.get(0));
    System.out.printf(
        "maj@k all k, one problem n=1024: %.1f ms%n", (System.nanoTime() - start) / 1e6);
  }

  private static void time(String label, List<ProblemVotes> problems, int[] ks) {
    ProblemIntervals bootstrap = new ProblemIntervals();
    if (ks != null) {
      bootstrap = bootstrap.withKs(ks);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpu = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    IntervalReport report = bootstrap.run(problems);
    System.out.printf(
        "%-32s wall %6.0f ms  cpu %6.0f ms  (%d intervals)%n",
        label,
        (System.nanoTime() - start) / 1e6,
        (threads.getCurrentThreadCpuTime() - cpu) / 1e6,
        report.intervals().size());
  }
}
