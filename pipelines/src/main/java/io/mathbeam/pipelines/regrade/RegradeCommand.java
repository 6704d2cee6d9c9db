package io.mathbeam.pipelines.regrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.report.RegradeChangesTable;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.eval.EvalResult;
import io.mathbeam.pipelines.eval.ReportedRequest;
import io.mathbeam.pipelines.eval.RunCounters;
import io.mathbeam.pipelines.eval.RunManifest;
import io.mathbeam.pipelines.eval.RunOutputs;
import io.mathbeam.pipelines.flink.EarlyFlinkCluster;
import io.mathbeam.pipelines.options.KnownOptions;
import io.mathbeam.pipelines.options.OptionsHelp;
import io.mathbeam.pipelines.options.RegradeOptions;
import io.mathbeam.pipelines.options.RunnerChoice;
import io.mathbeam.pipelines.storage.Storage;
import io.mathbeam.transforms.GradeStoredSamples;
import io.mathbeam.transforms.ReadStoredSamples;
import io.mathbeam.transforms.WriteRegradeChanges;
import io.mathbeam.transforms.WriteResults;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.ResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.values.PCollectionTuple;

/**
 * {@code mathbeam regrade}: grades the stored generations of an earlier run again with this
 * version's grader and recomputes every metric, writing a new run directory. No server is called.
 * The new manifest is the old one with the grader version, times and {@code regraded_from} updated;
 * rejected input rows are copied over.
 *
 * <p>Each sample's new grade is compared with the grade stored in its {@code samples/} row (status,
 * extracted answer, grader version; the manifest's version for rows written before samples recorded
 * one) in the grading step itself: the counts are combined ({@link WriteRegradeChanges}) into
 * {@code regrade-changes.json}, the samples whose status changed listed in {@code
 * regrade-changes.jsonl}, and the counts printed after the summary table.
 */
public final class RegradeCommand implements Command {
  private final PrintStream out;

  public RegradeCommand(PrintStream out) {
    this.out = out;
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told.
   */
  public RegradeCommand() {
    this(System.out);
  }

  @Override
  public String name() {
    return "regrade";
  }

  @Override
  public String summary() {
    return "grade a finished run's stored samples again and recompute its metrics";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (OptionsHelp.answered(
        args,
        out,
        "usage: mathbeam regrade --input=RUN_DIR [--output=NEW_DIR]",
        RegradeOptions.class)) {
      return 0;
    }
    new RegradeCommand(out).run(args);
    return 0;
  }

  public EvalResult run(String[] args) throws Exception {
    PipelineOptionsFactory.register(RegradeOptions.class);
    KnownOptions.check(args, RegradeOptions.class);
    RegradeOptions options =
        PipelineOptionsFactory.fromArgs(args).withValidation().as(RegradeOptions.class);
    Storage.configure(options, List.of(args));
    String input = strip(options.getInput());
    String output =
        options.getOutput() != null
            ? strip(options.getOutput())
            : input
                + "-regraded-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    if (output.equals(input)) {
      throw new IllegalArgumentException(
          "regrade: --output must be a new directory, not the input run " + input);
    }
    ReportedRequest reported = ReportedRequest.of(options.getReported());
    JsonNode oldMetrics = readMetrics(input);
    ObjectNode manifest = ((ObjectNode) oldMetrics.path("manifest")).deepCopy();
    Map<String, Integer> samplesPerProblem = new HashMap<>();
    manifest
        .path("datasets")
        .forEach(
            d ->
                samplesPerProblem.put(
                    d.path("name").asText(), d.path("samples_per_problem").asInt()));
    Instant started = Instant.now();
    String oldGraderVersion = manifest.path("grader_version").asText(null);
    manifest.put("regraded_from", input);
    manifest.put("grader_version", Grader.VERSION);
    manifest
        .putObject(RunOutputs.REGRADE_CHANGES)
        .put("summary", RegradeSummary.SUMMARY_FILE)
        .put("changes", RegradeSummary.CHANGES_FILE);
    manifest.put("mathbeam_version", RunManifest.version());
    manifest.put("started_at", started.toString());
    manifest.put("runner", options.getRunner().getSimpleName());
    manifest.remove("finished_at");
    manifest.remove("duration_seconds");
    // regrade calls no server, so no judge: the new run's grades are the symbolic grader's
    manifest.putObject("judge").put("mode", "off").put("regrade", "the judge is not asked again");

    RunnerChoice.apply(options, args, storedSamples(oldMetrics), out);
    RunOutputs.clearPrevious(output);
    PipelineResult result;
    // the embedded Flink cluster starts while the pipeline is built (EarlyFlinkCluster)
    try (EarlyFlinkCluster early = EarlyFlinkCluster.start(options)) {
      result = runPipeline(options, input, output, samplesPerProblem, oldGraderVersion, manifest);
    }
    copyRejected(input, output);
    EvalResult evaluated =
        RunOutputs.finishSameSamples(
            output, started, Instant.now(), RunCounters.of(result), reported, oldMetrics, out);
    out.println();
    out.print(
        RegradeChangesTable.format(
            RegradeSummary.fromJson(RunOutputs.readJson(output, RegradeSummary.SUMMARY_FILE)),
            output));
    return evaluated;
  }

  /** Builds the regrade pipeline, runs it and waits for it to end in DONE. */
  private PipelineResult runPipeline(
      RegradeOptions options,
      String input,
      String output,
      Map<String, Integer> samplesPerProblem,
      String oldGraderVersion,
      ObjectNode manifest) {
    Pipeline pipeline = Pipeline.create(options);
    PCollectionTuple regraded =
        pipeline
            .apply(
                "ReadStoredSamples",
                ReadStoredSamples.from(input, samplesPerProblem)
                    .withGraderVersion(oldGraderVersion))
            .apply("GradeResponses", GradeStoredSamples.writingSamplesTo(output));
    // the grading step writes samples/ itself: only small records leave it (docs/runners.md)
    WriteResults.to(output).withManifest(MetricsJson.write(manifest)).writeParts(regraded);
    regraded.apply(
        "WriteRegradeChanges",
        WriteRegradeChanges.to(output).withListLimit(options.getMaxListedChanges()));
    out.println(
        "Regrading "
            + input
            + " (stored grades by "
            + (oldGraderVersion == null ? ReadStoredSamples.UNKNOWN_VERSION : oldGraderVersion)
            + ") with "
            + Grader.VERSION
            + " -> "
            + output);
    PipelineResult result = pipeline.run();
    PipelineResult.State state = result.waitUntilFinish();
    if (state != PipelineResult.State.DONE) {
      throw new IllegalStateException(
          "pipeline ended in state " + state + " (expected DONE); outputs may be incomplete");
    }
    return result;
  }

  /** The number of samples the earlier run wrote, from its metrics; -1 when it does not say. */
  private static long storedSamples(JsonNode metrics) {
    JsonNode aggregate = metrics.path("_aggregate").path("num_samples");
    return aggregate.isNumber() ? aggregate.asLong() : -1;
  }

  private static JsonNode readMetrics(String runDir) throws IOException {
    try (InputStream in = Storage.open(Storage.resolve(runDir, "metrics.json"))) {
      return MetricsJson.JSON.readTree(in);
    } catch (IOException e) {
      throw new IOException(
          "regrade: " + runDir + " is not a run directory (cannot read metrics.json: " + e + ")",
          e);
    }
  }

  private static void copyRejected(String input, String output) throws IOException {
    MatchResult match = FileSystems.match(List.of(input + "/rejected/*")).get(0);
    if (match.status() != MatchResult.Status.OK) {
      return;
    }
    for (MatchResult.Metadata m : match.metadata()) {
      ResourceId target =
          FileSystems.matchNewResource(output + "/rejected", true)
              .resolve(
                  m.resourceId().getFilename(), ResolveOptions.StandardResolveOptions.RESOLVE_FILE);
      FileSystems.copy(List.of(m.resourceId()), List.of(target));
    }
  }

  private static String strip(String dir) {
    return dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
  }
}
