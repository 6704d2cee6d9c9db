package io.mathbeam.core.model;

import java.io.Serializable;

/**
 * A generation with its grade: the record every sample ends as.
 *
 * @param extractedAnswer the final answer found in the response, or null
 * @param gradeMicros time the grader took
 */
public record GradedSample(
    Generation generation, String extractedAnswer, GradeStatus status, long gradeMicros)
    implements Serializable {

  public boolean correct() {
    return status == GradeStatus.CORRECT;
  }

  public SampleRequest request() {
    return generation.request();
  }
}
