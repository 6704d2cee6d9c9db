package io.mathbeam.core.report.html;

import java.util.List;
import java.util.Objects;

/** A problem of a dataset with its gold answers and all of its sampled responses. */
public record ProblemView(
    String dataset,
    String problemId,
    String problem,
    List<String> goldAnswers,
    List<SampleView> samples) {
  public ProblemView {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(problemId, "problemId");
    goldAnswers = goldAnswers == null ? List.of() : List.copyOf(goldAnswers);
    samples = samples == null ? List.of() : List.copyOf(samples);
  }

  /** Number of samples graded correct. */
  public int correctCount() {
    int c = 0;
    for (SampleView s : samples) {
      if (s.correct()) {
        c++;
      }
    }
    return c;
  }
}
