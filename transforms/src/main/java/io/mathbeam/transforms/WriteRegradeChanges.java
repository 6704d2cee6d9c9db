package io.mathbeam.transforms;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.transforms.coders.RegradeTallyCoder;
import java.util.List;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.FlatMapElements;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.Top;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Writes what a regrade changed into the new run directory: {@link RegradeSummary#SUMMARY_FILE}
 * (the counts, combined, so their memory does not grow with the run) and {@link
 * RegradeSummary#CHANGES_FILE} (the samples whose status changed, one JSON line each, sorted by
 * dataset, problem and sample index; at most {@link #withListLimit the limit}, the first in that
 * order, the rest only counted). Both files are always written, the list empty when nothing
 * changed. Its input is the grading step's output ({@link GradeStoredSamples}): the tallies of its
 * comparisons and the changes.
 */
public final class WriteRegradeChanges extends PTransform<PCollectionTuple, PDone> {
  private final String outputDir;
  private final int listLimit;
  private final String newGraderVersion;

  private WriteRegradeChanges(String outputDir, int listLimit, String newGraderVersion) {
    this.outputDir = outputDir;
    this.listLimit = listLimit;
    this.newGraderVersion = newGraderVersion;
  }

  public static WriteRegradeChanges to(String outputDir) {
    String dir =
        outputDir.endsWith("/") ? outputDir.substring(0, outputDir.length() - 1) : outputDir;
    return new WriteRegradeChanges(dir, RegradeSummary.DEFAULT_LIST_LIMIT, Grader.VERSION);
  }

  /** Lists at most {@code limit} changed samples (the combine holds that many). */
  public WriteRegradeChanges withListLimit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("the list limit must be at least 0, got " + limit);
    }
    return new WriteRegradeChanges(outputDir, limit, newGraderVersion);
  }

  @Override
  public PDone expand(PCollectionTuple graded) {
    int limit = listLimit;
    String version = newGraderVersion;
    graded
        .get(GradeStoredSamples.TALLIES)
        .apply("CountChanges", Combine.globally(tally()))
        .setCoder(RegradeTallyCoder.of())
        .apply(
            "SummaryDocument",
            MapElements.into(TypeDescriptors.strings())
                .via(t -> MetricsJson.write(t.summary(version, limit).toJson())))
        .apply(
            "WriteSummary",
            TextIO.write().to(outputDir + "/" + RegradeSummary.SUMMARY_FILE).withoutSharding());
    graded
        .get(GradeStoredSamples.CHANGES)
        .apply("FirstChanges", Top.smallest(limit))
        .apply(
            "ChangeLines",
            FlatMapElements.into(TypeDescriptors.strings())
                .via(
                    (List<VerdictChange> first) ->
                        first.stream().map(VerdictChange::jsonLine).toList()))
        .apply(
            "WriteChanges",
            TextIO.write().to(outputDir + "/" + RegradeSummary.CHANGES_FILE).withoutSharding());
    return PDone.in(graded.getPipeline());
  }

  /** Merges the bundles' tallies into one; an empty input gives an empty tally. */
  static MergingCombineFn<RegradeTally, RegradeTally, RegradeTally> tally() {
    return MergingCombineFn.tally(
        RegradeTally::new, RegradeTally::merge, RegradeTally::merge, RegradeTallyCoder.of());
  }
}
