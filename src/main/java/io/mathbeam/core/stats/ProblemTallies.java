package io.mathbeam.core.stats;

import java.io.Serializable;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The tallies of a set of problems, keyed by problem id, built from one sample at a time and
 * mergeable: a dataset's whole outcome in a few dozen bytes per problem, with no response text.
 */
public final class ProblemTallies implements Serializable {
  private final Map<String, ProblemTally> byProblem = new HashMap<>();

  public ProblemTallies add(ProblemTally tally) {
    byProblem.merge(tally.problemId(), tally, ProblemTally::plus);
    return this;
  }

  public ProblemTallies merge(ProblemTallies other) {
    other.byProblem.values().forEach(this::add);
    return this;
  }

  public Collection<ProblemTally> tallies() {
    return byProblem.values();
  }

  public MetricsAccumulator accumulate(MetricsAccumulator into) {
    byProblem.values().forEach(into::add);
    return into;
  }
}
