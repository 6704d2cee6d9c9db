package io.mathbeam.transforms;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.core.report.MetricsJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PDone;

/**
 * Writes what a regrade changed into the new run directory: {@link RegradeSummary#SUMMARY_FILE}
 * (the counts, combined, so their memory does not grow with the run) and {@link
 * RegradeSummary#CHANGES_FILE} (the samples whose status changed, one JSON line each, sorted by
 * dataset, problem and sample index; at most {@link #withListLimit the limit}, the first in that
 * order, the rest only counted). Both files are always written, the list empty when nothing
 * changed. Its input is the grading step's output ({@link GradeStoredSamples#OUTCOMES}): the
 * tallies of its comparisons with the changes.
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
    String summaryFile = outputDir + "/" + RegradeSummary.SUMMARY_FILE;
    String changesFile = outputDir + "/" + RegradeSummary.CHANGES_FILE;
    // the counts and the list in one combine and one step that writes both files
    graded
        .get(GradeStoredSamples.OUTCOMES)
        .apply("CountChanges", SingleValue.of(outcome(limit)))
        .setCoder(GradeStoredSamples.OUTCOME_CODER)
        .apply("WriteFiles", ParDo.of(new WriteFilesFn(summaryFile, changesFile, version, limit)));
    return PDone.in(graded.getPipeline());
  }

  /**
   * Merges the tallies, and keeps the {@code limit} first changes in sample order: a merged list is
   * cut back to the limit once it holds twice as many, so it stays bounded by the limit.
   */
  static MergingCombineFn<
          KV<RegradeTally, List<VerdictChange>>,
          KV<RegradeTally, List<VerdictChange>>,
          KV<RegradeTally, List<VerdictChange>>>
      outcome(int limit) {
    return new MergingCombineFn<>(
        () -> KV.of(new RegradeTally(), new ArrayList<>()),
        (acc, in) -> merge(acc, in, limit),
        (acc, in) -> merge(acc, in, limit),
        acc -> KV.of(acc.getKey(), first(acc.getValue(), limit)),
        GradeStoredSamples.OUTCOME_CODER,
        GradeStoredSamples.OUTCOME_CODER);
  }

  private static KV<RegradeTally, List<VerdictChange>> merge(
      KV<RegradeTally, List<VerdictChange>> acc,
      KV<RegradeTally, List<VerdictChange>> in,
      int limit) {
    acc.getKey().merge(in.getKey());
    List<VerdictChange> changes = acc.getValue();
    changes.addAll(in.getValue());
    if (changes.size() > 2 * limit) {
      List<VerdictChange> kept = first(changes, limit);
      changes.clear();
      changes.addAll(kept);
    }
    return acc;
  }

  private static List<VerdictChange> first(List<VerdictChange> changes, int limit) {
    List<VerdictChange> sorted = new ArrayList<>(changes);
    sorted.sort(null);
    return new ArrayList<>(sorted.subList(0, Math.min(limit, sorted.size())));
  }

  /**
   * Writes the counts and the list of the one outcome, each as a whole file ({@link RunDocument}).
   */
  private static final class WriteFilesFn
      extends DoFn<KV<RegradeTally, List<VerdictChange>>, Void> {
    private final String summaryFile;
    private final String changesFile;
    private final String newGraderVersion;
    private final int listLimit;

    WriteFilesFn(String summaryFile, String changesFile, String newGraderVersion, int listLimit) {
      this.summaryFile = summaryFile;
      this.changesFile = changesFile;
      this.newGraderVersion = newGraderVersion;
      this.listLimit = listLimit;
    }

    @ProcessElement
    public void process(@Element KV<RegradeTally, List<VerdictChange>> outcome) throws IOException {
      RunDocument.write(
          summaryFile,
          MetricsJson.write(outcome.getKey().summary(newGraderVersion, listLimit).toJson()) + "\n");
      StringBuilder lines = new StringBuilder();
      outcome.getValue().forEach(c -> lines.append(c.jsonLine()).append('\n'));
      RunDocument.write(changesFile, lines.toString());
    }
  }
}
