package io.mathbeam.core.report.html;

import java.util.List;
import java.util.Map;

/**
 * What a board shows: models by benchmarks, and the nightly trends.
 *
 * @param title the page's title
 * @param models the rows, in the order first seen
 * @param benchmarks the columns, sorted
 * @param cells by model, then benchmark; a model without a benchmark has no cell there
 * @param commonK per benchmark, the largest k of pass@k every model's run has
 * @param trends per benchmark, the history rows oldest first (empty without a history)
 * @param sources the directories the board was built from, for its footer
 */
public record Board(
    String title,
    List<String> models,
    List<String> benchmarks,
    Map<String, Map<String, BoardCell>> cells,
    Map<String, Integer> commonK,
    Map<String, List<HistoryRow>> trends,
    List<String> sources) {}
