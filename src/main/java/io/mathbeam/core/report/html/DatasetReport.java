package io.mathbeam.core.report.html;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the report draws for one dataset. {@code passAtK} and {@code majAtK} are indexed by k
 * - 1; {@code solveRates} holds c/n per problem; the length arrays hold the completion tokens of
 * each sample by outcome (a truncated sample is counted only under truncated).
 */
public record DatasetReport(
    String name,
    int problems,
    int samplesPerProblem,
    List<Estimate> passAtK,
    List<Estimate> majAtK,
    double[] solveRates,
    int[] correctLengths,
    int[] incorrectLengths,
    int[] truncatedLengths,
    Map<String, Long> noAnswerByCause,
    DatasetPrecision precision) {

  /** A dataset without precision figures (a run before they were reported). */
  public DatasetReport(
      String name,
      int problems,
      int samplesPerProblem,
      List<Estimate> passAtK,
      List<Estimate> majAtK,
      double[] solveRates,
      int[] correctLengths,
      int[] incorrectLengths,
      int[] truncatedLengths,
      Map<String, Long> noAnswerByCause) {
    this(
        name,
        problems,
        samplesPerProblem,
        passAtK,
        majAtK,
        solveRates,
        correctLengths,
        incorrectLengths,
        truncatedLengths,
        noAnswerByCause,
        null);
  }

  public DatasetReport {
    Objects.requireNonNull(name, "name");
    passAtK = passAtK == null ? List.of() : List.copyOf(passAtK);
    majAtK = majAtK == null ? List.of() : List.copyOf(majAtK);
    solveRates = solveRates == null ? new double[0] : solveRates.clone();
    correctLengths = correctLengths == null ? new int[0] : correctLengths.clone();
    incorrectLengths = incorrectLengths == null ? new int[0] : incorrectLengths.clone();
    truncatedLengths = truncatedLengths == null ? new int[0] : truncatedLengths.clone();
    noAnswerByCause = noAnswerByCause == null ? Map.of() : Map.copyOf(noAnswerByCause);
  }
}
