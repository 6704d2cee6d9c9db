package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;
import java.util.List;
import java.util.Optional;

/**
 * One dataset of the comparison.
 *
 * @param sharedProblems problems present in both runs; every value is over these
 * @param onlyInBaseline problem ids missing from the candidate, sorted
 * @param onlyInCandidate problem ids missing from the baseline, sorted
 * @param metrics pass@1, then pass@k, then maj@k; empty unless {@code COMPARED}
 * @param skipped why a requested metric was not computed (e.g. k above some problem's n)
 * @param flipped solved/unsolved changes, lost ones first, each group by largest change, then
 *     problem id
 */
public record DatasetComparison(
    String dataset,
    DatasetStatus status,
    int sharedProblems,
    List<String> onlyInBaseline,
    List<String> onlyInCandidate,
    List<MetricComparison> metrics,
    List<String> skipped,
    List<FlippedProblem> flipped) {

  public DatasetComparison {
    onlyInBaseline = List.copyOf(onlyInBaseline);
    onlyInCandidate = List.copyOf(onlyInCandidate);
    metrics = List.copyOf(metrics);
    skipped = List.copyOf(skipped);
    flipped = List.copyOf(flipped);
  }

  /** Whether the baseline run has this dataset at all. */
  public boolean inBaseline() {
    return sharedProblems > 0 || !onlyInBaseline.isEmpty();
  }

  public Optional<MetricComparison> metric(MetricName name) {
    return metrics.stream().filter(m -> m.metric().equals(name)).findFirst();
  }

  public List<FlippedProblem> flipped(FlipDirection direction) {
    return flipped.stream().filter(f -> f.direction() == direction).toList();
  }
}
