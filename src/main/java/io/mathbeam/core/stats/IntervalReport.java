package io.mathbeam.core.stats;

import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/**
 * The output of {@link ProblemIntervals#run}: one interval per scope and metric, datasets first
 * (sorted by id), then {@link ProblemIntervals#MICRO} and {@link ProblemIntervals#MACRO}.
 */
public record IntervalReport(List<MetricInterval> intervals) implements Serializable {

  public IntervalReport {
    intervals = List.copyOf(intervals);
  }

  /** The interval of {@code metric} in {@code scope}, if it was computed. */
  public Optional<MetricInterval> find(String scope, MetricName metric) {
    return intervals.stream()
        .filter(i -> i.scope().equals(scope) && i.metric().equals(metric))
        .findFirst();
  }
}
