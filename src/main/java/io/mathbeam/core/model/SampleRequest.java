package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.List;

/**
 * One of the K samples to draw for a problem.
 *
 * @param problem the problem as the model sees it; for multiple choice, with its options listed
 * @param goldAnswers for multiple choice, the letter of the correct option in the order shown
 * @param sampleIndex 0..K-1 within the problem
 * @param seed the sampling seed sent to the server, derived from (base seed, dataset, problem id,
 *     sample index)
 * @param choices the options of a multiple-choice problem in the order shown to the model (A
 *     first); empty for other problems
 * @param code the tests of a code problem; null for other problems
 */
public record SampleRequest(
    String datasetId,
    String problemId,
    String problem,
    List<String> goldAnswers,
    int sampleIndex,
    int samplesPerProblem,
    long seed,
    List<String> choices,
    CodeTask code)
    implements Serializable {

  /** A sample of a problem that is not a code problem. */
  public SampleRequest(
      String datasetId,
      String problemId,
      String problem,
      List<String> goldAnswers,
      int sampleIndex,
      int samplesPerProblem,
      long seed,
      List<String> choices) {
    this(
        datasetId,
        problemId,
        problem,
        goldAnswers,
        sampleIndex,
        samplesPerProblem,
        seed,
        choices,
        null);
  }

  /** A sample of a problem that is not multiple choice. */
  public SampleRequest(
      String datasetId,
      String problemId,
      String problem,
      List<String> goldAnswers,
      int sampleIndex,
      int samplesPerProblem,
      long seed) {
    this(
        datasetId,
        problemId,
        problem,
        goldAnswers,
        sampleIndex,
        samplesPerProblem,
        seed,
        List.of());
  }

  public SampleRequest {
    goldAnswers = List.copyOf(goldAnswers);
    choices = choices == null ? List.of() : List.copyOf(choices);
  }

  public boolean isMultipleChoice() {
    return !choices.isEmpty();
  }

  public boolean isCode() {
    return code != null;
  }

  public String problemKey() {
    return datasetId + "/" + problemId;
  }
}
