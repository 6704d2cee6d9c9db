package io.mathbeam.core.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The per-problem outcomes of one run, as read from its {@code problems/} table.
 *
 * @param name how reports call the run (usually its directory)
 */
public record RunProblems(String name, List<ProblemOutcome> problems) {

  /**
   * @throws IllegalArgumentException when a (dataset, problem id) pair appears twice
   */
  public RunProblems {
    problems = List.copyOf(problems);
    Map<String, Map<String, ProblemOutcome>> seen = new TreeMap<>();
    for (ProblemOutcome p : problems) {
      ProblemOutcome before =
          seen.computeIfAbsent(p.datasetId(), d -> new TreeMap<>()).put(p.problemId(), p);
      if (before != null) {
        throw new IllegalArgumentException(
            name + ": problem " + p.datasetId() + "/" + p.problemId() + " appears twice");
      }
    }
  }

  /** Dataset id to (problem id to outcome), both sorted. */
  public Map<String, Map<String, ProblemOutcome>> byDataset() {
    Map<String, Map<String, ProblemOutcome>> out = new TreeMap<>();
    for (ProblemOutcome p : problems) {
      out.computeIfAbsent(p.datasetId(), d -> new TreeMap<>()).put(p.problemId(), p);
    }
    for (Map.Entry<String, Map<String, ProblemOutcome>> e : out.entrySet()) {
      e.setValue(Collections.unmodifiableMap(e.getValue()));
    }
    return Collections.unmodifiableMap(out);
  }

  /** The dataset ids, sorted. */
  public List<String> datasets() {
    return new ArrayList<>(byDataset().keySet());
  }
}
