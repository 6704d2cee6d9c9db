package io.mathbeam.core.compare;

import java.util.List;
import java.util.Optional;

/**
 * Everything {@link PairedComparison} found, dataset by dataset (sorted by id; every dataset of
 * either run appears).
 */
public record ComparisonReport(
    String baselineName,
    String candidateName,
    CompareOptions options,
    List<DatasetComparison> datasets) {

  public ComparisonReport {
    datasets = List.copyOf(datasets);
  }

  public Optional<DatasetComparison> dataset(String id) {
    return datasets.stream().filter(d -> d.dataset().equals(id)).findFirst();
  }
}
