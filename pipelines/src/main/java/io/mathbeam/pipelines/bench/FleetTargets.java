package io.mathbeam.pipelines.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Issue 18's targets for a fleet (docs/runners.md), and whether a run of eval meets them. */
record FleetTargets(
    boolean longTail, int slowReplicas, int replicas, int maxNumSeqs, long expected) {

  /**
   * The targets for {@code m}'s run, met or not, against the tuned peer when it ran; {@code
   * reached} is what each order reached in the schedule model (null when not modelled).
   */
  String format(
      String run,
      FleetMeasurement m,
      FleetMeasurement tuned,
      Map<ScheduleModel.Order, Double> reached) {
    FleetFigures f = m.figures();
    double utilisationTarget = longTail() ? 0.90 : slowReplicas > 0 ? 0.97 : 0.95;
    List<String> lines = new ArrayList<>();
    lines.add(
        check(
            String.format(
                Locale.ROOT, "utilisation %.2f >= %.2f", f.utilisation(), utilisationTarget),
            f.utilisation() >= utilisationTarget));
    if (reached != null) {
      double withoutLengths = ScheduleModel.bestWithoutLengths(reached);
      double oracle = reached.get(ScheduleModel.Order.LONGEST_SAMPLE_FIRST);
      String verdict =
          withoutLengths >= utilisationTarget
              ? ""
              : oracle >= utilisationTarget
                  ? ": the target needs every length known"
                  : String.format(
                      Locale.ROOT, ": longest first knowing every length reached %.2f", oracle);
      lines.add(
          String.format(
              Locale.ROOT,
              "  (on these lengths no order that does not know each sample's length reached more"
                  + " than %.2f in the schedule model%s)",
              withoutLengths,
              verdict));
    }
    if (slowReplicas > 0 && slowReplicas < replicas) {
      lines.add(
          check(
              String.format(
                  Locale.ROOT,
                  "fast replicas idle in the tail %.1f%% < 5%% of the makespan",
                  100 * f.fastIdleShare(false)),
              f.fastIdleShare(false) < 0.05));
    }
    if (tuned != null) {
      double ratio = m.cpuPerMillionTokens() / tuned.cpuPerMillionTokens();
      lines.add(
          check(
              String.format(
                  Locale.ROOT,
                  "CPU per million tokens %.2f s <= 3 x the tuned peer's %.2f s (ratio %.2f)",
                  m.cpuPerMillionTokens(),
                  tuned.cpuPerMillionTokens(),
                  ratio),
              ratio <= 3));
      lines.add(
          String.format(
              Locale.ROOT,
              "  makespan %.1f s vs the tuned peer's %.1f s: ratio %.2f",
              f.makespanSeconds(),
              tuned.figures().makespanSeconds(),
              f.makespanSeconds() / tuned.figures().makespanSeconds()));
    }
    lines.add(
        check(
            String.format(Locale.ROOT, "peak per replica %d <= cap %d", f.peak(), maxNumSeqs),
            f.peak() <= maxNumSeqs));
    // A tail copy that answered first leaves its original running in the simulator, which does not
    // abort a non-streaming request on disconnect (vLLM does), and a copy that lost can have been
    // answered before its cancellation reached the server: at most one later answer per copy.
    lines.add(
        check(
            String.format(
                Locale.ROOT,
                "samples answered %d of %d, in eval's output %d; later answers %d (at most one per"
                    + " tail copy: %d)",
                f.distinctSamples(),
                expected,
                m.outputSamples(),
                f.duplicates(),
                m.copies()),
            f.distinctSamples() == expected
                && m.outputSamples() == expected
                && f.duplicates() <= m.copies()));
    return "targets (issue 18), " + run + ":\n" + String.join("\n", lines);
  }

  private static String check(String what, boolean met) {
    return "  " + (met ? "met      " : "NOT MET  ") + what;
  }
}
