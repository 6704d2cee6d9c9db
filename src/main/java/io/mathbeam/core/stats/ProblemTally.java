package io.mathbeam.core.stats;

import io.mathbeam.core.model.GradeStatus;
import java.io.Serializable;

/**
 * The counts of one problem's samples by outcome: the small record metrics are computed from, so no
 * response text ever has to be grouped.
 */
public record ProblemTally(
    String datasetId,
    String problemId,
    int samples,
    int correct,
    int incorrect,
    int noAnswer,
    int requestErrors,
    int unparseable,
    int graderTimeouts,
    int graderErrors,
    int judgeErrors,
    int truncated,
    long completionTokens)
    implements Serializable {

  public static ProblemTally empty(String datasetId, String problemId) {
    return new ProblemTally(datasetId, problemId, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** This tally plus one sample. */
  public ProblemTally plus(GradeStatus status, boolean wasTruncated, long tokens) {
    return new ProblemTally(
        datasetId,
        problemId,
        samples + 1,
        correct + (status == GradeStatus.CORRECT ? 1 : 0),
        incorrect + (status == GradeStatus.INCORRECT ? 1 : 0),
        noAnswer + (status == GradeStatus.NO_ANSWER ? 1 : 0),
        requestErrors + (status == GradeStatus.REQUEST_ERROR ? 1 : 0),
        unparseable + (status == GradeStatus.UNPARSEABLE ? 1 : 0),
        graderTimeouts + (status == GradeStatus.GRADER_TIMEOUT ? 1 : 0),
        graderErrors + (status == GradeStatus.GRADER_ERROR ? 1 : 0),
        judgeErrors + (status == GradeStatus.JUDGE_ERROR ? 1 : 0),
        truncated + (wasTruncated ? 1 : 0),
        completionTokens + tokens);
  }

  public ProblemTally plus(ProblemTally other) {
    return new ProblemTally(
        datasetId,
        problemId,
        samples + other.samples,
        correct + other.correct,
        incorrect + other.incorrect,
        noAnswer + other.noAnswer,
        requestErrors + other.requestErrors,
        unparseable + other.unparseable,
        graderTimeouts + other.graderTimeouts,
        graderErrors + other.graderErrors,
        judgeErrors + other.judgeErrors,
        truncated + other.truncated,
        completionTokens + other.completionTokens);
  }
}
