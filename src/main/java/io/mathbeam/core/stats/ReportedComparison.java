package io.mathbeam.core.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Puts reported values next to our estimates: per reported row, our point, our 95% interval, the
 * delta (ours - reported) and whether the reported value lies inside the interval. Rows are matched
 * on the dataset id exactly (use {@link ProblemIntervals#MICRO} or {@link ProblemIntervals#MACRO}
 * for aggregates) and the metric; unmatched rows are kept as {@link ComparisonStatus#NOT_COMPUTED}.
 * Order follows the reported rows.
 */
public final class ReportedComparison {
  private ReportedComparison() {}

  public static List<ComparisonRow> compare(List<ReportedValue> reported, IntervalReport ours) {
    List<ComparisonRow> rows = new ArrayList<>();
    for (ReportedValue r : reported) {
      MetricInterval interval = ours.find(r.dataset(), r.metric()).orElse(null);
      ComparisonStatus status =
          interval == null
              ? ComparisonStatus.NOT_COMPUTED
              : interval.contains(r.value())
                  ? ComparisonStatus.INSIDE_CI
                  : ComparisonStatus.OUTSIDE_CI;
      rows.add(new ComparisonRow(r, interval, status));
    }
    return rows;
  }
}
