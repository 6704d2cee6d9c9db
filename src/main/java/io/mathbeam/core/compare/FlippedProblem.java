package io.mathbeam.core.compare;

/**
 * A shared problem whose solved status (pass@1 at or above the threshold) differs between runs.
 *
 * @param baselineRate the baseline's c / n
 * @param candidateRate the candidate's c / n
 */
public record FlippedProblem(
    String problemId, FlipDirection direction, double baselineRate, double candidateRate) {}
