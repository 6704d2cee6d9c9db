package io.mathbeam.pipelines.bench;

import io.mathbeam.pipelines.bench.SimulatedNights.DatasetNight;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/** The tables and targets of {@link SimulatedNights}' nights, scenario by scenario. */
final class NightsReport {
  private final List<NightScenario> scenarios;
  private final Map<NightScenario, List<DatasetNight[]>> results;
  private final Map<NightScenario, Double> seconds;
  private final double totalSeconds;

  NightsReport(
      List<NightScenario> scenarios,
      Map<NightScenario, List<DatasetNight[]>> results,
      Map<NightScenario, Double> seconds,
      double totalSeconds) {
    this.scenarios = scenarios;
    this.results = results;
    this.seconds = seconds;
    this.totalSeconds = totalSeconds;
  }

  List<CalibrationTarget> print(PrintStream out) {
    List<SolveRateMix> suite = SolveRateMix.SUITE;
    int problems = suite.stream().mapToInt(SolveRateMix::problems).sum();
    out.printf(
        Locale.ROOT,
        "Part 2: simulated nights (%d datasets, %d problems; each night draws the rates and both"
            + " runs afresh; mathbeam compare's defaults; default gate = Holm over the datasets'"
            + " pass@1 drop tests at 0.05, per-rule gate = each test alone at 0.05)%n",
        suite.size(),
        problems);
    out.printf(
        Locale.ROOT,
        "%-24s %6s  %-24s %-24s %7s%n",
        "scenario",
        "nights",
        "any FAIL, default gate",
        "any FAIL, per-rule gate",
        "time s");
    List<CalibrationTarget> targets = new ArrayList<>();
    for (NightScenario s : scenarios) {
      List<DatasetNight[]> nights = results.get(s);
      double anyDefault = share(nights, n -> any(n, DatasetNight::defaultFail, -1));
      double anyPerRule = share(nights, n -> any(n, DatasetNight::perRuleFail, -1));
      out.printf(
          Locale.ROOT,
          "%-24s %6d  %-24s %-24s %7.1f%n",
          s.label(),
          nights.size(),
          withError(anyDefault, nights.size()),
          withError(anyPerRule, nights.size()),
          seconds.get(s));
      if (s.droppedMix() == null) {
        targets.add(
            new CalibrationTarget(
                String.format(
                    Locale.ROOT,
                    "%s nights with any FAIL, default gate %.1f%% (per-rule gate %.1f%%, 1 -"
                        + " 0.95^%d = %.1f%% expected)",
                    s.label(),
                    100 * anyDefault,
                    100 * anyPerRule,
                    suite.size(),
                    100 * (1 - Math.pow(0.95, suite.size()))),
                "<= 5%",
                anyDefault <= 0.05));
      }
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "%-24s %-14s %10s %10s %9s %10s %14s %13s%n",
        "scenario",
        "dataset",
        "true delta",
        "mean delta",
        "FAIL dflt",
        "FAIL rule",
        "smallest drop",
        "CI coverage");
    for (NightScenario s : scenarios) {
      List<DatasetNight[]> nights = results.get(s);
      for (int d = 0; d < suite.size(); d++) {
        int at = d;
        SolveRateMix mix = suite.get(d);
        double trueDelta = s.trueDelta(mix);
        out.printf(
            Locale.ROOT,
            "%-24s %-14s %10.2f %10.2f %8.1f%% %9.1f%% %14.2f %12.1f%%%n",
            s.label(),
            mix.name(),
            100 * trueDelta,
            100 * mean(nights, n -> n[at].delta()),
            100 * share(nights, n -> n[at].defaultFail()),
            100 * share(nights, n -> n[at].perRuleFail()),
            100 * mean(nights, n -> n[at].smallestDrop()),
            100 * share(nights, n -> covers(n[at], trueDelta)));
      }
    }
    out.println(
        "(points; mean delta = the observed pass@1 delta's mean over nights; FAIL = share of nights"
            + " the gate failed the dataset; smallest drop = the default gate's power line, the"
            + " drop caught with 80% probability, mean over nights; CI coverage = share of nights"
            + " whose delta interval holds the true delta)");
    out.println();
    out.printf(
        Locale.ROOT,
        "%-24s %-14s %-22s %-24s %14s%n",
        "scenario",
        "dropped",
        "detected (default)",
        "FAIL elsewhere (default)",
        "smallest drop");
    for (NightScenario s : scenarios) {
      if (s.droppedMix() == null) {
        continue;
      }
      int dropped = indexOf(s.droppedMix());
      List<DatasetNight[]> nights = results.get(s);
      double detected = share(nights, n -> n[dropped].defaultFail());
      double elsewhere = share(nights, n -> any(n, DatasetNight::defaultFail, dropped));
      out.printf(
          Locale.ROOT,
          "%-24s %-14s %-22s %-24s %14.2f%n",
          s.label(),
          s.droppedMix(),
          withError(detected, nights.size()),
          withError(elsewhere, nights.size()),
          100 * mean(nights, n -> n[dropped].smallestDrop()));
      if (s.name().equals("drop-math500-2pt") && s.samples() == 8) {
        targets.add(
            new CalibrationTarget(
                String.format(
                    Locale.ROOT,
                    "%s detected by the default gate %.1f%%",
                    s.label(),
                    100 * detected),
                ">= 80%",
                detected >= 0.80));
      }
    }
    out.println();
    targets.addAll(pooled(out));
    out.printf(Locale.ROOT, "Part 2 took %.1f s%n%n", totalSeconds);
    return targets;
  }

  /** Agreement of interval and test, and the delta interval's coverage, over every comparison. */
  private List<CalibrationTarget> pooled(PrintStream out) {
    long compared = 0;
    long agree = 0;
    long unchanged = 0;
    long unchangedCovered = 0;
    long dropped = 0;
    long droppedCovered = 0;
    for (NightScenario s : scenarios) {
      for (DatasetNight[] night : results.get(s)) {
        for (int d = 0; d < night.length; d++) {
          DatasetNight n = night[d];
          compared++;
          agree += (n.ciUpper() < 0) == (n.pDrop() < 0.025) ? 1 : 0;
          double trueDelta = s.trueDelta(SolveRateMix.SUITE.get(d));
          if (trueDelta == 0) {
            unchanged++;
            unchangedCovered += covers(n, 0) ? 1 : 0;
          } else {
            dropped++;
            droppedCovered += covers(n, trueDelta) ? 1 : 0;
          }
        }
      }
    }
    double agreement = (double) agree / compared;
    double coverUnchanged = (double) unchangedCovered / unchanged;
    out.printf(
        Locale.ROOT,
        "pass@1 over every compared (night, dataset), all scenarios:%n"
            + "  interval and test agree ((upper < 0) == (p(drop) < 0.025)): %.2f%% of %d"
            + " comparisons (%d disagree)%n"
            + "  delta interval holds the true delta: unchanged datasets %s of %d,"
            + " dropped datasets %s of %d%n",
        100 * agreement,
        compared,
        compared - agree,
        withError(coverUnchanged, unchanged),
        unchanged,
        dropped == 0 ? "-" : withError((double) droppedCovered / dropped, dropped),
        dropped);
    return List.of(
        new CalibrationTarget(
            String.format(
                Locale.ROOT,
                "pass@1 interval and drop test agree %.2f%% of %d",
                100 * agreement,
                compared),
            ">= 98%",
            agreement >= 0.98),
        new CalibrationTarget(
            String.format(
                Locale.ROOT,
                "pass@1 delta interval coverage, unchanged datasets %.2f%% of %d",
                100 * coverUnchanged,
                unchanged),
            "in [94.0, 96.5]%",
            coverUnchanged >= 0.94 && coverUnchanged <= 0.965));
  }

  private static boolean covers(DatasetNight n, double trueDelta) {
    return n.ciLower() <= trueDelta && trueDelta <= n.ciUpper();
  }

  /** Whether any dataset but {@code except} (-1 for none) has the property. */
  private static boolean any(DatasetNight[] night, Predicate<DatasetNight> property, int except) {
    for (int d = 0; d < night.length; d++) {
      if (d != except && property.test(night[d])) {
        return true;
      }
    }
    return false;
  }

  private static double share(List<DatasetNight[]> nights, Predicate<DatasetNight[]> property) {
    return (double) nights.stream().filter(property).count() / nights.size();
  }

  private static double mean(List<DatasetNight[]> nights, ToDoubleFunction<DatasetNight[]> value) {
    return nights.stream().mapToDouble(value).average().orElse(Double.NaN);
  }

  private static int indexOf(String mix) {
    for (int d = 0; d < SolveRateMix.SUITE.size(); d++) {
      if (SolveRateMix.SUITE.get(d).name().equals(mix)) {
        return d;
      }
    }
    throw new IllegalArgumentException("no mix named " + mix);
  }

  /** "4.2% (SE 0.9)": a share with its binomial standard error sqrt(p(1 - p)/n), in points. */
  static String withError(double share, long n) {
    return String.format(
        Locale.ROOT, "%.1f%% (SE %.1f)", 100 * share, 100 * Math.sqrt(share * (1 - share) / n));
  }
}
