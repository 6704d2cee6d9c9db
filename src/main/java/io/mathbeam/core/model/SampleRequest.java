package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.List;

/**
 * One of the K samples to draw for a problem.
 *
 * @param sampleIndex 0..K-1 within the problem
 * @param seed the sampling seed sent to the server, derived from (base seed, dataset, problem id,
 *     sample index)
 */
public record SampleRequest(
    String datasetId,
    String problemId,
    String problem,
    List<String> goldAnswers,
    int sampleIndex,
    int samplesPerProblem,
    long seed)
    implements Serializable {

  public SampleRequest {
    goldAnswers = List.copyOf(goldAnswers);
  }

  public String problemKey() {
    return datasetId + "/" + problemId;
  }
}
