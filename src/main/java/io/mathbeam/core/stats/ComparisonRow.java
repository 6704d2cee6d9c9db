package io.mathbeam.core.stats;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A reported value next to ours.
 *
 * @param ours our estimate and interval, or null when {@link ComparisonStatus#NOT_COMPUTED}
 */
public record ComparisonRow(ReportedValue reported, MetricInterval ours, ComparisonStatus status) {

  public Optional<MetricInterval> estimate() {
    return Optional.ofNullable(ours);
  }

  /** Ours minus reported, as fractions; empty when not computed. */
  public OptionalDouble delta() {
    return ours == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(ours.point() - reported.value());
  }
}
