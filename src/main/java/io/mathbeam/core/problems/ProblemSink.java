package io.mathbeam.core.problems;

import io.mathbeam.core.model.Problem;

/** Receives what a reader makes of each row: a problem or a rejection. */
public interface ProblemSink {
  void accept(Problem problem);

  void reject(RejectedRow row);
}
