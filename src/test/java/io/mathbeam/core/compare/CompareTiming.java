package io.mathbeam.core.compare;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** Prints how long a comparison takes on typical sizes (a measurement, not a test). */
public final class CompareTiming {
  private CompareTiming() {}

  public static void main(String[] args) {
    for (int round = 0; round < 3; round++) {
      double[] aime = SyntheticRuns.rates(30, 1);
      double[] math = SyntheticRuns.rates(500, 2);
      time("AIME 30 x K=64, pass@1 only", aime, 64, CompareOptions.defaults());
      time("AIME 30 x K=64, k=64", aime, 64, CompareOptions.defaults().withKs(64));
      time("AIME 30 x K=64, k=8,64", aime, 64, CompareOptions.defaults().withKs(8, 64));
      time("MATH-500 x K=4, k=4", math, 4, CompareOptions.defaults().withKs(4));
      time("MATH-500 x K=16, k=2,16", math, 16, CompareOptions.defaults().withKs(2, 16));
    }
  }

  private static void time(String label, double[] rates, int k, CompareOptions options) {
    RunProblems base = SyntheticRuns.run("b", "d", rates, k, 1, true);
    RunProblems cand = SyntheticRuns.run("c", "d", SyntheticRuns.shifted(rates, -0.03), k, 2, true);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpu = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    ComparisonReport report = new PairedComparison(options).compare(base, cand);
    Verdict verdict = Verdict.evaluate(Gate.defaultGate(), report);
    MarkdownSummary.render(report, verdict);
    System.out.printf(
        "%-30s wall %6.0f ms  cpu %6.0f ms  (%d metrics, exit %d)%n",
        label,
        (System.nanoTime() - start) / 1e6,
        (threads.getCurrentThreadCpuTime() - cpu) / 1e6,
        report.datasets().get(0).metrics().size(),
        verdict.exitCode());
  }
}
