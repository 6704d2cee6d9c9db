package io.mathbeam.pipelines.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The rounds of one {@link RegradeBenchmark} ({@code --rounds=N}) and what they say together: per
 * runner, each ratio to the floor of the same round (wall, CPU, peak RSS) as its median and range.
 *
 * <p>One round is one draw: on a 2-core machine a run's peak RSS is mostly how far G1 chose to grow
 * the heap, which moves by hundreds of MB between two runs of the same build (docs/runners.md), so
 * a ratio is read from several rounds of the same input, not from one. The rounds alternate the
 * runners' order ({@link #order}) so that neither side always runs on the warmer page cache.
 */
final class RegradeBenchmarkRounds {
  private final List<Map<String, RegradeBenchmarkChild>> rounds = new ArrayList<>();

  /**
   * The runners' order in round {@code round} (1-based): as given in odd rounds, reversed in even.
   */
  static List<String> order(List<String> runners, int round) {
    List<String> out = new ArrayList<>(runners);
    if (round % 2 == 0) {
      Collections.reverse(out);
    }
    return out;
  }

  /** Records one round's children, keyed by runner. */
  void add(Map<String, RegradeBenchmarkChild> round) {
    rounds.add(new LinkedHashMap<>(round));
  }

  /**
   * A runner's ratios to the floor, one per round in which both finished.
   *
   * @param measure what is compared: wall seconds, CPU seconds or peak RSS
   */
  List<Double> ratios(String runner, ToDoubleFunction<RegradeBenchmarkChild> measure) {
    List<Double> out = new ArrayList<>();
    for (Map<String, RegradeBenchmarkChild> round : rounds) {
      RegradeBenchmarkChild child = round.get(runner);
      if (child != null) {
        child.ratioTo(round.get("floor"), measure).ifPresent(out::add);
      }
    }
    return out;
  }

  /** The median of {@code values} (the mean of the middle two for an even count); NaN if empty. */
  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /**
   * Prints, per runner other than the floor, the median and range of its ratios to the floor over
   * the rounds; nothing when the floor did not run or ran alone.
   */
  void print(List<String> runners, PrintStream out) {
    if (!runners.contains("floor") || runners.size() < 2) {
      return;
    }
    out.printf("ratios to the floor over %d rounds: median [lowest, highest]%n", rounds.size());
    out.printf("%-8s %7s %24s %24s %24s%n", "runner", "rounds", "wall", "CPU", "peak RSS");
    for (String runner : runners) {
      if (runner.equals("floor")) {
        continue;
      }
      List<Double> wall = ratios(runner, RegradeBenchmarkChild.WALL_SECONDS);
      List<Double> cpu = ratios(runner, RegradeBenchmarkChild.CPU_SECONDS);
      List<Double> rss = ratios(runner, RegradeBenchmarkChild.PEAK_RSS_KB);
      out.printf(
          "%-8s %7d %24s %24s %24s%n",
          runner, wall.size(), summary(wall), summary(cpu), summary(rss));
    }
    out.println();
  }

  private static String summary(List<Double> ratios) {
    if (ratios.isEmpty()) {
      return "-";
    }
    return String.format(
        "%.2f [%.2f, %.2f]", median(ratios), Collections.min(ratios), Collections.max(ratios));
  }
}
