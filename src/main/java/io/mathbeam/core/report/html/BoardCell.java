package io.mathbeam.core.report.html;

import java.util.List;

/**
 * One model's results on one benchmark, as the board shows them.
 *
 * @param passAt1 pass@1 with its 95% interval for the run's problems
 * @param problems the problems of the run
 * @param samplesPerProblem K of the run
 * @param passAtCommonK pass@k at the benchmark's largest k every model has, or null when that k is
 *     1
 * @param majority maj@K (majority vote over the run's K samples), or null without one
 * @param completionTokens the completion tokens the run's samples used
 * @param cost what they cost, or null where the run had no price
 * @param report the link to the run's report.html, or null
 * @param below the models significantly better on this benchmark, each with the paired difference
 * @param above the models significantly worse
 * @param note a caveat: the problems differ from another model's, a newer run replaced an older
 */
public record BoardCell(
    Estimate passAt1,
    int problems,
    int samplesPerProblem,
    Estimate passAtCommonK,
    Double majority,
    long completionTokens,
    Double cost,
    String report,
    List<String> below,
    List<String> above,
    String note) {
  public BoardCell {
    below = List.copyOf(below);
    above = List.copyOf(above);
  }
}
