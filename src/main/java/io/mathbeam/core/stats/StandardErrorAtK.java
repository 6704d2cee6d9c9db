package io.mathbeam.core.stats;

/**
 * One row of the "standard error against K" table.
 *
 * @param samplesPerProblem K', the number of samples per problem
 * @param standardError the expected standard error of pass@1 with K' samples per problem, for the
 *     population of problems (problems redrawn)
 * @param fixedProblemsStandardError the same for this dataset's own problems: only the samples'
 *     noise, which more samples shrink
 */
public record StandardErrorAtK(
    int samplesPerProblem, double standardError, double fixedProblemsStandardError) {}
