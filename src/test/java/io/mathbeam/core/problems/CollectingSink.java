package io.mathbeam.core.problems;

import io.mathbeam.core.model.Problem;
import java.util.ArrayList;
import java.util.List;

final class CollectingSink implements ProblemSink {
  final List<Problem> problems = new ArrayList<>();
  final List<RejectedRow> rejected = new ArrayList<>();

  @Override
  public void accept(Problem problem) {
    problems.add(problem);
  }

  @Override
  public void reject(RejectedRow row) {
    rejected.add(row);
  }
}
