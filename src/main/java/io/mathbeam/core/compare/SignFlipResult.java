package io.mathbeam.core.compare;

/**
 * The outcome of a paired sign-flip permutation test.
 *
 * @param statistic the observed sum of the differences
 * @param twoSided P(|T*| >= |T|) under random signs
 * @param drop P(T* <= T): small when the differences are convincingly negative
 * @param nonZero how many differences were non-zero (zeros carry no sign)
 * @param exact whether every sign assignment was enumerated
 * @param flips the sign assignments counted: 2^nonZero when exact, else the Monte Carlo draws
 */
public record SignFlipResult(
    double statistic, double twoSided, double drop, int nonZero, boolean exact, long flips) {}
