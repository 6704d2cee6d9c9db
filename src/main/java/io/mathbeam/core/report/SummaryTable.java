package io.mathbeam.core.report;

import io.mathbeam.core.stats.DatasetMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The table printed at the end of a run: one row per dataset and an AGGREGATE row, with pass@k at k
 * = 1, 2, 4, ... and the largest K.
 */
public final class SummaryTable {
  private SummaryTable() {}

  public static String format(List<DatasetMetrics> metrics) {
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
    out.append(String.format(Locale.ROOT, " %8s %8s%n", "NoAns", "Errors"));
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
      out.append(
          String.format(Locale.ROOT, " %8d %8d%n", m.noAnswer(), m.requestErrors() + m.ungraded()));
    }
    return out.toString();
  }

  private static String truncate(String name) {
    return name.length() <= 16 ? name : name.substring(0, 15) + "~";
  }
}
