package io.mathbeam.core.stats;

/**
 * One published number to compare against: {@code metric} of {@code dataset} was reported as {@code
 * value}.
 *
 * @param value a fraction in [0, 1] (percentages are converted on reading)
 * @param source where it was reported, or "" when not given
 * @param line the line of the file it came from
 */
public record ReportedValue(
    String dataset, MetricName metric, double value, String source, int line) {}
