package io.mathbeam.core.published;

import io.mathbeam.core.stats.MetricName;

/**
 * One published number: {@code metric} of {@code dataset} was {@code value} under {@code sampling}.
 *
 * @param dataset mathbeam's benchmark name ({@code aime24}, {@code math500}, ...)
 * @param value a fraction in [0, 1]
 * @param note what the source calls the metric or how its set differs (e.g. "cons@64"), or ""
 */
public record PublishedValue(
    String dataset, MetricName metric, double value, PublishedSampling sampling, String note) {}
