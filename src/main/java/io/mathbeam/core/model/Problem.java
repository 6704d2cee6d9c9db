package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One benchmark problem after reading and validation.
 *
 * @param datasetId the dataset (benchmark) this problem belongs to, e.g. {@code aime24}
 * @param problemId unique within its dataset
 * @param problem the problem statement
 * @param goldAnswers one or more accepted final answers (never empty)
 * @param samples how many samples (K) to draw for this problem
 * @param source where the row came from, {@code file:line}, for error messages
 * @param choices the options of a multiple-choice problem in the file's order (its gold answer is
 *     then the letter of the correct option, A for the first); empty for other problems
 * @param code for a code problem, the tests that grade it (its gold answer is then the reference
 *     solution, or a line saying which tests must pass); null for other problems
 */
public record Problem(
    String datasetId,
    String problemId,
    String problem,
    List<String> goldAnswers,
    int samples,
    String source,
    List<String> choices,
    CodeTask code)
    implements Serializable {

  /** A problem that is not a code problem. */
  public Problem(
      String datasetId,
      String problemId,
      String problem,
      List<String> goldAnswers,
      int samples,
      String source,
      List<String> choices) {
    this(datasetId, problemId, problem, goldAnswers, samples, source, choices, null);
  }

  /** A problem that is not multiple choice. */
  public Problem(
      String datasetId,
      String problemId,
      String problem,
      List<String> goldAnswers,
      int samples,
      String source) {
    this(datasetId, problemId, problem, goldAnswers, samples, source, List.of(), null);
  }

  public Problem {
    Objects.requireNonNull(datasetId, "datasetId");
    Objects.requireNonNull(problemId, "problemId");
    Objects.requireNonNull(problem, "problem");
    goldAnswers = List.copyOf(goldAnswers);
    if (goldAnswers.isEmpty()) {
      throw new IllegalArgumentException("problem " + problemId + " has no gold answer");
    }
    if (samples < 1) {
      throw new IllegalArgumentException("samples must be >= 1, got " + samples);
    }
    source = source == null ? "" : source;
    choices = choices == null ? List.of() : List.copyOf(choices);
  }

  public boolean isMultipleChoice() {
    return !choices.isEmpty();
  }

  public boolean isCode() {
    return code != null;
  }

  /** The key that identifies this problem across datasets. */
  public String key() {
    return datasetId + "/" + problemId;
  }
}
