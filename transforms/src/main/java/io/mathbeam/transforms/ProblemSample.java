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
 * @param code whether this is a code problem's sample (its answer is a program, voted on as text)
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
    String extractedAnswer,
    boolean code)
    implements Serializable {

  /** A sample of a problem that is not a code problem. */
  public ProblemSample(
      String datasetId,
      String problemId,
      String problem,
      List<String> goldAnswers,
      int sampleIndex,
      long seed,
      boolean correct,
      String status,
      String extractedAnswer) {
    this(
        datasetId,
        problemId,
        problem,
        goldAnswers,
        sampleIndex,
        seed,
        correct,
        status,
        extractedAnswer,
        false);
  }

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
        s.extractedAnswer(),
        r.isCode());
  }

  public String problemKey() {
    return datasetId + "/" + problemId;
  }
}
