package io.mathbeam.core.report.html;

/**
 * One earlier (or this) run's headline for one dataset, from the history table.
 *
 * @param finishedAt ISO time the run finished
 * @param passAt1 pass@1 with its 95% interval (NaN bounds when none)
 */
public record HistoryRow(
    String finishedAt, String run, String model, String dataset, Estimate passAt1) {}
