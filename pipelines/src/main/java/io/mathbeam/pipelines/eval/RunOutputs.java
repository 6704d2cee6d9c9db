package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.published.PublishedResults;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.report.JudgeTable;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.report.PublishedTable;
import io.mathbeam.core.report.ReportedTable;
import io.mathbeam.core.report.StandardErrorTable;
import io.mathbeam.core.report.SummaryTable;
import io.mathbeam.core.report.TokenCost;
import io.mathbeam.core.report.UncertaintyJson;
import io.mathbeam.core.report.html.HistoryRow;
import io.mathbeam.core.stats.ComparisonRow;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.IntervalReport;
import io.mathbeam.core.stats.PhasedDesign;
import io.mathbeam.core.stats.ProblemIntervals;
import io.mathbeam.core.stats.ProblemVotes;
import io.mathbeam.core.stats.ReportedComparison;
import io.mathbeam.core.stats.ReportedValue;
import io.mathbeam.pipelines.storage.Storage;
import io.mathbeam.transforms.WriteResults;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.MoveOptions;
import org.apache.beam.sdk.io.fs.ResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * Completes a run's outputs once the pipeline is done: stamps the end time into the manifest of
 * {@code metrics.json}, adds the per-sample figures, error bars, maj@k and the reported comparison,
 * writes {@code report.html} and prints the summary table.
 */
public final class RunOutputs {
  /** The manifest's entry naming the files of what a regrade changed. */
  public static final String REGRADE_CHANGES = "regrade_changes";

  private RunOutputs() {}

  /**
   * Removes the results of an earlier run in the same directory (keeping its generation cache), so
   * shards of different runs never mix: a run with fewer output shards would otherwise leave stale
   * ones behind.
   */
  public static void clearPrevious(String outputDir) throws IOException {
    List<ResourceId> stale = new ArrayList<>();
    List<String> patterns = new ArrayList<>();
    WriteResults.tableFolders().forEach(folder -> patterns.add("/" + folder + "/*"));
    patterns.addAll(
        List.of(
            "/metrics.json",
            "/report.html",
            "/" + RegradeSummary.SUMMARY_FILE,
            "/" + RegradeSummary.CHANGES_FILE));
    for (String pattern : patterns) {
      MatchResult match = FileSystems.match(List.of(outputDir + pattern)).get(0);
      if (match.status() == MatchResult.Status.OK) {
        match.metadata().forEach(m -> stale.add(m.resourceId()));
      }
    }
    FileSystems.delete(stale, MoveOptions.StandardMoveOptions.IGNORE_MISSING_FILES);
  }

  /** metrics.json's aggregate names, as the intervals call them. */
  private static List<ReportedValue> withReportScopes(List<ReportedValue> reported) {
    List<ReportedValue> out = new ArrayList<>();
    for (ReportedValue r : reported) {
      String scope =
          switch (r.dataset()) {
            case DatasetMetrics.AGGREGATE -> ProblemIntervals.MICRO;
            case UncertaintyJson.MACRO -> ProblemIntervals.MACRO;
            default -> r.dataset();
          };
      out.add(new ReportedValue(scope, r.metric(), r.value(), r.source(), r.line()));
    }
    return out;
  }

  public static EvalResult finish(
      String outputDir,
      Instant started,
      Instant finished,
      RunCounters counters,
      ReportedRequest reported,
      String historyDir,
      PrintStream out)
      throws IOException {
    return finish(
        outputDir,
        started,
        finished,
        counters,
        reported,
        historyDir,
        MetricsJson.JSON.createObjectNode(),
        Completion.ALWAYS,
        out);
  }

  /**
   * As {@link #finish(String, Instant, Instant, RunCounters, ReportedRequest, String, PrintStream)}
   * for the same samples as an earlier run's ({@code regrade}): the earlier metrics.json's phased
   * designs ({@link PhasedDesigns}) carry over, so the samples are read as they were drawn.
   */
  public static EvalResult finishSameSamples(
      String outputDir,
      Instant started,
      Instant finished,
      RunCounters counters,
      ReportedRequest reported,
      JsonNode earlierMetrics,
      PrintStream out)
      throws IOException {
    Completion drawnAsBefore = Completion.drawnAs(PhasedDesigns.read(earlierMetrics));
    return finish(
        outputDir,
        started,
        finished,
        counters,
        reported,
        null,
        MetricsJson.JSON.createObjectNode(),
        drawnAsBefore,
        out);
  }

  /**
   * Adds what it knows to metrics.json's tree before the tree, the report and the history row are
   * written, and says whether the run is complete: a round of {@code --precision} before the last
   * records no history row.
   */
  @FunctionalInterface
  interface Completion {
    Completion ALWAYS = (root, outputDir) -> true;

    boolean complete(ObjectNode root, String outputDir) throws IOException;

    /**
     * How each dataset sampled in phases was drawn, which the statistics must know before they are
     * computed (written into metrics.json by {@link PhasedDesigns}); empty for uniform samples.
     */
    default Map<String, PhasedDesign> designs() {
      return Map.of();
    }

    /** Complete at once, with samples drawn as {@code designs} say. */
    static Completion drawnAs(Map<String, PhasedDesign> designs) {
      return new Completion() {
        @Override
        public boolean complete(ObjectNode root, String outputDir) {
          return true;
        }

        @Override
        public Map<String, PhasedDesign> designs() {
          return designs;
        }
      };
    }
  }

  /**
   * @param manifestUpdates fields set in the manifest over those written when the run started
   * @param completion adds to metrics.json's tree and says whether the run is complete
   */
  static EvalResult finish(
      String outputDir,
      Instant started,
      Instant finished,
      RunCounters counters,
      ReportedRequest reported,
      String historyDir,
      ObjectNode manifestUpdates,
      Completion completion,
      PrintStream out)
      throws IOException {
    ResourceId metricsFile =
        FileSystems.matchNewResource(outputDir, true)
            .resolve("metrics.json", ResolveOptions.StandardResolveOptions.RESOLVE_FILE);
    ObjectNode root = (ObjectNode) readJson(outputDir, "metrics.json");
    ObjectNode manifest = (ObjectNode) root.get("manifest");
    manifest.setAll(manifestUpdates);
    manifest.put("finished_at", finished.toString());
    manifest.put("duration_seconds", Duration.between(started, finished).toMillis() / 1000.0);
    root.set("run_counters", counters.toJson());
    SampleScan scan =
        RunStatistics.annotateSamples(
            root, outputDir, Duration.between(started, finished).toMillis() / 1000.0);
    JudgeStatistics.annotate(root, outputDir);
    Map<String, PhasedDesign> designs = completion.designs();
    designs.forEach((dataset, design) -> PhasedDesigns.put(root, dataset, design));
    RunStatistics.RunVotes run = RunStatistics.votes(outputDir, designs);
    List<ProblemVotes> votes = run.votes();
    IntervalReport uncertainty = RunStatistics.annotate(root, run);
    if (uncertainty != null) {
      PhasedDesigns.annotateValues(root, uncertainty, designs);
    }
    ReportedRequest.Baseline baseline = reported.resolve(manifest, PublishedResults.builtin());
    List<ComparisonRow> comparison = List.of();
    if (!baseline.values().isEmpty() && uncertainty != null) {
      comparison = ReportedComparison.compare(withReportScopes(baseline.values()), uncertainty);
      root.set("reported_comparison", ReportedTable.toJson(comparison));
      if (baseline.model() != null) {
        root.set("reported_source", baseline.sourceJson());
      }
    }
    boolean complete = completion.complete(root, outputDir);
    try (OutputStream os =
        Channels.newOutputStream(FileSystems.create(metricsFile, MimeTypes.TEXT))) {
      os.write(MetricsJson.write(root).getBytes(StandardCharsets.UTF_8));
    }
    List<HistoryRow> history = List.of();
    if (historyDir != null && complete) {
      RunHistory.append(historyDir, outputDir, root);
      history = RunHistory.read(historyDir);
    }
    RunReport.write(outputDir, root, votes, scan, history);
    List<DatasetMetrics> metrics = MetricsJson.parse(root);
    String summary = SummaryTable.format(metrics, uncertainty, TokenCost.read(root));
    out.println();
    out.print(summary);
    if (manifest.path("simulated_model").asBoolean()) {
      out.println(
          "(a SIMULATED model answered these samples: the numbers test mathbeam, not a model)");
    }
    String standardErrors = StandardErrorTable.format(root);
    if (!standardErrors.isEmpty()) {
      out.println();
      out.print(standardErrors);
    }
    String judge = JudgeTable.format(root);
    if (!judge.isEmpty()) {
      out.println();
      out.print(judge);
    }
    printComparison(baseline, comparison, out);
    out.println();
    String outputs = "report.html, metrics.json, samples/, problems/, rejected/";
    if (manifest.has(REGRADE_CHANGES)) {
      outputs += ", " + RegradeSummary.SUMMARY_FILE + ", " + RegradeSummary.CHANGES_FILE;
    }
    out.println("Outputs in " + outputDir + ": " + outputs);
    return new EvalResult(outputDir, metrics, summary);
  }

  private static void printComparison(
      ReportedRequest.Baseline baseline, List<ComparisonRow> comparison, PrintStream out) {
    if (!baseline.note().isEmpty()) {
      out.println();
      out.println(baseline.note());
    }
    if (comparison.isEmpty()) {
      return;
    }
    out.println();
    if (baseline.model() == null) {
      out.println("Reported vs reproduced:");
      out.print(ReportedTable.format(comparison));
      return;
    }
    out.print(PublishedTable.heading(baseline.model()));
    out.print(ReportedTable.format(comparison, false));
    out.print(PublishedTable.samplingWarning(baseline.samplingDifferences()));
  }

  /** A JSON file of a run directory (any Beam file system). */
  public static JsonNode readJson(String outputDir, String name) throws IOException {
    try (InputStream in = Storage.open(Storage.resolve(outputDir, name))) {
      return MetricsJson.JSON.readTree(in);
    }
  }

  /**
   * What the regrade that made this run changed, from {@link RegradeSummary#SUMMARY_FILE}; null
   * when the manifest names no such file (the run was not made by regrade).
   */
  static RegradeSummary regradeChanges(String outputDir, JsonNode manifest) throws IOException {
    if (!manifest.has(REGRADE_CHANGES)) {
      return null;
    }
    return RegradeSummary.fromJson(readJson(outputDir, RegradeSummary.SUMMARY_FILE));
  }
}
