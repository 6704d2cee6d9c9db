package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.DatasetMetrics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Writes a run's outputs under one directory: {@code samples/} and {@code problems/} (Parquet,
 * Snappy), {@code metrics.json}, and {@code rejected/} (JSON Lines, one rejected input row each).
 */
public final class WriteResults extends PTransform<PCollection<GradedSample>, PDone> {
  /**
   * Samples (their small {@link ProblemSample} parts) are grouped into this many buckets of
   * problems, not by problem: the DirectRunner runs one bundle per key after a GroupByKey, and a
   * bundle per problem made the Parquet writer's per-bundle setup dominate the run.
   */
  static final int BUCKETS = 16;

  private final String outputDir;
  private final PCollection<List<DatasetMetrics>> metrics;
  private final PCollection<RejectedRow> rejected;
  private final String manifestJson;

  private WriteResults(
      String outputDir,
      PCollection<List<DatasetMetrics>> metrics,
      PCollection<RejectedRow> rejected,
      String manifestJson) {
    this.outputDir = outputDir;
    this.metrics = metrics;
    this.rejected = rejected;
    this.manifestJson = manifestJson;
  }

  /**
   * The folders of the run directory its tables' files are written to, the temporary ones included:
   * what a run in the same directory clears before it writes.
   */
  public static List<String> tableFolders() {
    List<String> folders = new ArrayList<>();
    for (OutputTable table : OutputTable.values()) {
      folders.add(table.dir());
      folders.add(table.tempFolder());
    }
    return folders;
  }

  public static WriteResults to(String outputDir) {
    return new WriteResults(stripSlash(outputDir), null, null, "{}");
  }

  /** The run's metrics: one value, every dataset's ({@link ComputeMetrics}). */
  public WriteResults withMetrics(PCollection<List<DatasetMetrics>> value) {
    return new WriteResults(outputDir, value, rejected, manifestJson);
  }

  public WriteResults withRejected(PCollection<RejectedRow> value) {
    return new WriteResults(outputDir, metrics, value, manifestJson);
  }

  /** The run manifest (configuration, inputs, versions) as a JSON object. */
  public WriteResults withManifest(String json) {
    return new WriteResults(outputDir, metrics, rejected, json);
  }

  @Override
  public PDone expand(PCollection<GradedSample> samples) {
    writeTables(
        samples
            .apply(
                "ProblemSamples",
                MapElements.into(SAMPLE_GROUP)
                    .via((GradedSample s) -> SampleParts.group(List.of(ProblemSample.of(s)))))
            .setCoder(SampleParts.PROBLEM_SAMPLES_CODER),
        samples.apply("WriteSamples", WriteSampleFiles.bundleFiles(outputDir)));
    return PDone.in(samples.getPipeline());
  }

  private static final TypeDescriptor<KV<Integer, List<ProblemSample>>> SAMPLE_GROUP =
      new TypeDescriptor<>() {};

  private static final TypeDescriptor<KV<String, String>> FILE_NAME =
      TypeDescriptors.kvs(TypeDescriptors.strings(), TypeDescriptors.strings());

  /** The bucket of a problem in the grouping the {@code problems/} table is written from. */
  static int bucketOf(String problemKey) {
    return Math.floorMod(problemKey.hashCode(), BUCKETS);
  }

  /**
   * The same outputs for samples a grading step wrote itself ({@link
   * GradeStoredSamples#writingSamplesTo}): {@code sampleFiles} are moved into {@code samples/}, and
   * the rest is written from each sample's small parts.
   */
  public PTransform<PCollection<KV<Integer, List<ProblemSample>>>, PDone> ofWrittenSamples(
      PCollection<String> sampleFiles) {
    return new PTransform<>() {
      @Override
      public PDone expand(PCollection<KV<Integer, List<ProblemSample>>> problems) {
        writeTables(
            problems,
            sampleFiles
                .apply(
                    "SampleFileNames",
                    MapElements.into(FILE_NAME)
                        .via((String file) -> TableFiles.named(OutputTable.SAMPLES, file)))
                .setCoder(TableFiles.NAME_CODER));
        return PDone.in(problems.getPipeline());
      }
    };
  }

  /**
   * A run's outputs from a grading step that wrote {@code samples/} itself ({@link SampleParts}):
   * the metrics from its tallies, the tables from its problem samples, {@code samples/} from its
   * files.
   */
  public PDone writeParts(PCollectionTuple parts) {
    PCollection<List<DatasetMetrics>> fromTallies =
        parts.get(SampleParts.TALLIES).apply("ComputeMetrics", ComputeMetrics.fromTallies());
    return parts
        .get(SampleParts.PROBLEM_SAMPLES)
        .apply(
            "WriteResults",
            withMetrics(fromTallies).ofWrittenSamples(parts.get(SampleParts.SAMPLE_FILES)));
  }

  /**
   * {@code problems/}, {@code metrics.json} and {@code rejected/}, and the move of every table's
   * files into place (one grouping of names for all: {@link TableFiles}); {@code problemSamples}
   * are groups of a problem's samples keyed by its bucket ({@link #bucketOf}), {@code sampleFiles}
   * the names of the {@code samples/} files the bundles wrote.
   */
  private void writeTables(
      PCollection<KV<Integer, List<ProblemSample>>> problemSamples,
      PCollection<KV<String, String>> sampleFiles) {
    PCollectionList<KV<String, String>> files =
        PCollectionList.of(sampleFiles)
            .and(
                problemSamples
                    .apply("GroupByBucket", GroupByKey.create())
                    .apply("WriteProblemRows", ParDo.of(new ProblemRowFn(outputDir)))
                    .setCoder(TableFiles.NAME_CODER));
    Set<OutputTable> tables = EnumSet.of(OutputTable.SAMPLES, OutputTable.PROBLEMS);
    if (rejected != null) {
      files =
          files.and(
              rejected
                  .apply("WriteRejectedLines", ParDo.of(new RejectedLinesFn(outputDir)))
                  .setCoder(TableFiles.NAME_CODER));
      tables.add(OutputTable.REJECTED);
    }
    files
        .apply("TableFiles", Flatten.pCollections())
        .setCoder(TableFiles.NAME_CODER)
        .apply("MoveTablesIntoPlace", TableFiles.moveIntoPlace(outputDir, tables));

    if (metrics != null) {
      String manifest = manifestJson;
      metrics.apply(
          "WriteMetrics",
          ParDo.of(
              RunDocument.<List<DatasetMetrics>>writing(
                  outputDir + "/metrics.json", list -> metricsDocument(list, manifest) + "\n")));
    }
  }

  private static String metricsDocument(List<DatasetMetrics> list, String manifest) {
    try {
      return MetricsJson.write(MetricsJson.toJson(list, MetricsJson.JSON.readTree(manifest)));
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("manifest is not valid JSON", e);
    }
  }

  private static String stripSlash(String dir) {
    return dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
  }

  /**
   * Splits a bucket into problems and writes one row per problem, samples in index order, to its
   * bundle's file of {@code problems/}.
   */
  static final class ProblemRowFn extends TableFileFn<KV<Integer, Iterable<List<ProblemSample>>>> {
    ProblemRowFn(String outputDir) {
      super(outputDir, OutputTable.PROBLEMS);
    }

    @ProcessElement
    public void process(@Element KV<Integer, Iterable<List<ProblemSample>>> bucket)
        throws IOException {
      Map<String, List<ProblemSample>> byProblem = new TreeMap<>();
      for (List<ProblemSample> group : bucket.getValue()) {
        for (ProblemSample s : group) {
          byProblem.computeIfAbsent(s.problemKey(), k -> new ArrayList<>()).add(s);
        }
      }
      for (List<ProblemSample> samples : byProblem.values()) {
        samples.sort(Comparator.comparingInt(ProblemSample::sampleIndex));
        bundle().write(OutputSchemas.problemRecord(samples));
      }
    }
  }

  /** Writes each rejected row as a JSON line to its bundle's file of {@code rejected/}. */
  static final class RejectedLinesFn extends TableFileFn<RejectedRow> {
    RejectedLinesFn(String outputDir) {
      super(outputDir, OutputTable.REJECTED);
    }

    @ProcessElement
    public void process(@Element RejectedRow row) throws IOException {
      bundle().writeLine(RejectedJson.line(row));
    }
  }
}
