package io.mathbeam.pipelines.eval;

import io.mathbeam.core.stats.DatasetMetrics;
import java.util.List;

/** What a finished evaluation produced. */
public record EvalResult(String outputDir, List<DatasetMetrics> metrics, String summary) {}
