package io.mathbeam.core.stats;

import java.io.Serializable;
import java.util.List;

/**
 * Metrics of one dataset, or of all of them ({@link #AGGREGATE}).
 *
 * @param passAtK pass@k for k = 1..K (index k-1), the mean over problems of the unbiased estimator;
 *     K is the smallest sample count among the dataset's problems
 * @param meanReward correct samples / all samples
 */
public record DatasetMetrics(
    String dataset,
    int numProblems,
    long numSamples,
    double meanReward,
    List<Double> passAtK,
    long correct,
    long incorrect,
    long noAnswer,
    long requestErrors,
    long unparseable,
    long graderTimeouts,
    long graderErrors,
    long judgeErrors,
    long truncated,
    double meanCompletionTokens)
    implements Serializable {

  public static final String AGGREGATE = "_aggregate";

  public DatasetMetrics {
    passAtK = List.copyOf(passAtK);
  }

  /** Samples no grader could decide: unparseable, timed out, failed, or a failed judge. */
  public long ungraded() {
    return unparseable + graderTimeouts + graderErrors + judgeErrors;
  }

  public boolean isAggregate() {
    return AGGREGATE.equals(dataset);
  }
}
