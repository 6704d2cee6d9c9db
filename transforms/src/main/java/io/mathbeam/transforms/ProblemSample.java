package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import java.io.Serializable;
import java.util.List;

/**
 * What the {@code problems/} table keeps of one sample: its grade and answer, never its response
 * text, so grouping a problem's samples costs the same whatever the responses' length. The problem
 * statement travels with sample 0 only.
 *
 * @param problem the statement on sample 0, null on the others
 */
public record ProblemSample(
    String datasetId,
    String problemId,
    String problem,
    List<String> goldAnswers,
    int sampleIndex,
    long seed,
    boolean correct,
    String status,
    String extractedAnswer)
    implements Serializable {

  public static ProblemSample of(GradedSample s) {
    SampleRequest r = s.request();
    return new ProblemSample(
        r.datasetId(),
        r.problemId(),
        r.sampleIndex() == 0 ? r.problem() : null,
        r.goldAnswers(),
        r.sampleIndex(),
        r.seed(),
        s.correct(),
        s.status().wireName(),
        s.extractedAnswer());
  }

  public String problemKey() {
    return datasetId + "/" + problemId;
  }
}
