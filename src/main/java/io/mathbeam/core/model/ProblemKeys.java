package io.mathbeam.core.model;

/**
 * A problem's key where maps name problems of several datasets: the dataset id and the problem id
 * joined by a line break, which neither holds (problem ids may hold '/').
 */
public final class ProblemKeys {
  private ProblemKeys() {}

  public static String of(String datasetId, String problemId) {
    return datasetId + "\n" + problemId;
  }
}
