package io.mathbeam.pipelines.bench;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.stats.DatasetMetrics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link RegradeFloor#run} did.
 *
 * @param output the new run directory
 * @param samples rows read, graded and written
 * @param metrics per dataset, then {@link DatasetMetrics#AGGREGATE}
 * @param statuses samples by their new grade
 * @param changes what the new grades changed against the stored ones
 * @param elapsed from start to {@code metrics.json} written
 * @param threads grading threads
 */
record RegradeFloorResult(
    Path output,
    long samples,
    List<DatasetMetrics> metrics,
    Map<GradeStatus, Long> statuses,
    RegradeSummary changes,
    Duration elapsed,
    int threads) {

  RegradeFloorResult {
    metrics = List.copyOf(metrics);
    statuses = Collections.unmodifiableMap(new EnumMap<>(statuses));
  }
}
