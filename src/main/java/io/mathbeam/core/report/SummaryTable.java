package io.mathbeam.core.report;

import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.IntervalReport;
import io.mathbeam.core.stats.MetricInterval;
import io.mathbeam.core.stats.MetricKind;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.ProblemIntervals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The table printed at the end of a run: one row per dataset and an AGGREGATE row (micro: problems
 * pooled), with pass@k at k = 1, 2, 4, ... and the largest K, and, when the intervals were
 * computed, the 95% interval of pass@1 and maj@K.
 */
public final class SummaryTable {
  private SummaryTable() {}

  public static String format(List<DatasetMetrics> metrics) {
    return format(metrics, null);
  }

  /** The table with pass@1's 95% interval and maj@K from {@code uncertainty} (may be null). */
  public static String format(List<DatasetMetrics> metrics, IntervalReport uncertainty) {
    return format(metrics, uncertainty, Map.of());
  }

  /**
   * The table with, when {@code costs} (by dataset name and {@link DatasetMetrics#AGGREGATE}) is
   * not empty, each row's prompt and completion tokens and their cost.
   */
  public static String format(
      List<DatasetMetrics> metrics, IntervalReport uncertainty, Map<String, TokenCost> costs) {
    List<DatasetMetrics> rows = new ArrayList<>();
    DatasetMetrics aggregate = null;
    for (DatasetMetrics m : MetricsJson.sorted(metrics)) {
      if (m.isAggregate()) {
        aggregate = m;
      } else {
        rows.add(m);
      }
    }
    if (aggregate != null) {
      rows.add(aggregate);
    }
    TreeSet<Integer> ks = new TreeSet<>();
    for (DatasetMetrics m : rows) {
      int kMax = m.passAtK().size();
      for (int k = 1; k <= kMax; k *= 2) {
        ks.add(k);
      }
      if (kMax > 0) {
        ks.add(kMax);
      }
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%-16s %6s %7s", "Dataset", "#Prob", "#Samp"));
    for (int k : ks) {
      out.append(String.format(Locale.ROOT, " %8s", "Pass@" + k));
    }
    if (uncertainty != null) {
      out.append(String.format(Locale.ROOT, " %15s %10s", "Pass@1 95% CI", "Maj@K"));
    }
    out.append(String.format(Locale.ROOT, " %8s %8s", "NoAns", "Errors"));
    if (!costs.isEmpty()) {
      out.append(String.format(Locale.ROOT, " %12s %12s %10s", "PromptTok", "ComplTok", "Cost"));
    }
    out.append(System.lineSeparator());
    for (DatasetMetrics m : rows) {
      String name = m.isAggregate() ? "AGGREGATE" : m.dataset().toUpperCase(Locale.ROOT);
      long samplesPerProblem = m.numProblems() == 0 ? 0 : m.numSamples() / m.numProblems();
      out.append(
          String.format(
              Locale.ROOT, "%-16s %6d %7d", truncate(name), m.numProblems(), samplesPerProblem));
      for (int k : ks) {
        out.append(
            k <= m.passAtK().size()
                ? String.format(Locale.ROOT, " %7.1f%%", 100 * m.passAtK().get(k - 1))
                : String.format(Locale.ROOT, " %8s", "-"));
      }
      if (uncertainty != null) {
        String scope = m.isAggregate() ? ProblemIntervals.MICRO : m.dataset();
        out.append(
            String.format(
                Locale.ROOT, " %15s %10s", interval(uncertainty, scope), maj(uncertainty, scope)));
      }
      out.append(
          String.format(Locale.ROOT, " %8d %8d", m.noAnswer(), m.requestErrors() + m.ungraded()));
      if (!costs.isEmpty()) {
        TokenCost c = costs.get(m.dataset());
        out.append(
            c == null
                ? String.format(Locale.ROOT, " %12s %12s %10s", "-", "-", "-")
                : String.format(
                    Locale.ROOT,
                    " %12d %12d %10s",
                    c.promptTokens(),
                    c.completionTokens(),
                    TokenCost.format(c.cost())));
      }
      out.append(System.lineSeparator());
    }
    return out.toString();
  }

  private static String interval(IntervalReport report, String scope) {
    return report
        .find(scope, MetricName.pass(1))
        .filter(i -> Double.isFinite(i.lower()))
        .map(i -> String.format(Locale.ROOT, "[%.1f, %.1f]", 100 * i.lower(), 100 * i.upper()))
        .orElse("-");
  }

  /** maj@k at the largest k reported for the scope, e.g. {@code 52.3%@16}. */
  private static String maj(IntervalReport report, String scope) {
    MetricInterval best = null;
    for (MetricInterval i : report.intervals()) {
      if (i.scope().equals(scope)
          && i.metric().kind() == MetricKind.MAJ
          && (best == null || i.metric().k() > best.metric().k())) {
        best = i;
      }
    }
    return best == null
        ? "-"
        : String.format(Locale.ROOT, "%.1f%%@%d", 100 * best.point(), best.metric().k());
  }

  private static String truncate(String name) {
    return name.length() <= 16 ? name : name.substring(0, 15) + "~";
  }
}
