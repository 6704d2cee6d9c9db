package io.mathbeam.pipelines.synthetic;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What {@link SyntheticRun#write} wrote.
 *
 * @param samples rows written, {@code problems x samplesPerProblem}
 * @param files Parquet files under {@code samples/}
 * @param bytes their total size on disk
 * @param outcomes rows by the outcome they were written to have
 * @param elapsed the time writing took
 */
public record SyntheticRunSummary(
    Path dir,
    int problems,
    long samples,
    int files,
    long bytes,
    Map<SyntheticRun.Outcome, Long> outcomes,
    Duration elapsed) {

  public SyntheticRunSummary {
    outcomes = Collections.unmodifiableMap(new EnumMap<>(outcomes));
  }
}
