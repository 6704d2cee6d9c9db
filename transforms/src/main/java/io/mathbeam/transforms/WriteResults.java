package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.DatasetMetrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.extensions.avro.coders.AvroCoder;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.TextIO;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
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
  private final PCollection<DatasetMetrics> metrics;
  private final PCollection<RejectedRow> rejected;
  private final String manifestJson;

  private WriteResults(
      String outputDir,
      PCollection<DatasetMetrics> metrics,
      PCollection<RejectedRow> rejected,
      String manifestJson) {
    this.outputDir = outputDir;
    this.metrics = metrics;
    this.rejected = rejected;
    this.manifestJson = manifestJson;
  }

  public static WriteResults to(String outputDir) {
    return new WriteResults(stripSlash(outputDir), null, null, "{}");
  }

  public WriteResults withMetrics(PCollection<DatasetMetrics> value) {
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
    samples.apply("WriteSamples", WriteSampleFiles.to(outputDir));
    writeTables(
        samples
            .apply(
                "ProblemSamples",
                MapElements.into(SAMPLE_GROUP)
                    .via((GradedSample s) -> SampleParts.group(List.of(ProblemSample.of(s)))))
            .setCoder(SampleParts.PROBLEM_SAMPLES_CODER));
    return PDone.in(samples.getPipeline());
  }

  private static final TypeDescriptor<KV<Integer, List<ProblemSample>>> SAMPLE_GROUP =
      new TypeDescriptor<>() {};

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
        sampleFiles.apply("MoveSamplesIntoPlace", WriteSampleFiles.moveIntoPlace(outputDir));
        writeTables(problems);
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
    PCollection<DatasetMetrics> fromTallies =
        parts.get(SampleParts.TALLIES).apply("ComputeMetrics", ComputeMetrics.fromTallies());
    return parts
        .get(SampleParts.PROBLEM_SAMPLES)
        .apply(
            "WriteResults",
            withMetrics(fromTallies).ofWrittenSamples(parts.get(SampleParts.SAMPLE_FILES)));
  }

  /**
   * {@code problems/}, {@code metrics.json} and {@code rejected/}; {@code problemSamples} are
   * groups of a problem's samples keyed by its bucket ({@link #bucketOf}).
   */
  private void writeTables(PCollection<KV<Integer, List<ProblemSample>>> problemSamples) {
    problemSamples
        .apply("GroupByBucket", GroupByKey.create())
        .apply("ProblemRows", ParDo.of(new ProblemRowFn()))
        .setCoder(AvroCoder.of(OutputSchemas.PROBLEM))
        .apply(
            "WriteProblems",
            FileIO.<GenericRecord>write()
                .via(new ParquetRecordSink(OutputSchemas.PROBLEM))
                .to(outputDir + "/problems")
                .withPrefix("problems")
                .withSuffix(".parquet"));

    if (metrics != null) {
      String manifest = manifestJson;
      metrics
          .apply("CollectMetrics", Combine.globally(new ToListFn<DatasetMetrics>()))
          .apply(
              "MetricsDocument",
              MapElements.into(TypeDescriptors.strings())
                  .via(list -> metricsDocument(list, manifest)))
          .apply(
              "WriteMetrics",
              TextIO.write().to(outputDir + "/metrics").withSuffix(".json").withoutSharding());
    }
    if (rejected != null) {
      rejected
          .apply(
              "RejectedLines", MapElements.into(TypeDescriptors.strings()).via(RejectedJson::line))
          .apply(
              "WriteRejected",
              TextIO.write().to(outputDir + "/rejected/rejected").withSuffix(".jsonl"));
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

  /** Splits a bucket into problems and writes one row per problem, samples in index order. */
  static final class ProblemRowFn
      extends DoFn<KV<Integer, Iterable<List<ProblemSample>>>, GenericRecord> {
    @ProcessElement
    public void process(
        @Element KV<Integer, Iterable<List<ProblemSample>>> bucket,
        OutputReceiver<GenericRecord> out) {
      Map<String, List<ProblemSample>> byProblem = new TreeMap<>();
      for (List<ProblemSample> group : bucket.getValue()) {
        for (ProblemSample s : group) {
          byProblem.computeIfAbsent(s.problemKey(), k -> new ArrayList<>()).add(s);
        }
      }
      for (List<ProblemSample> samples : byProblem.values()) {
        samples.sort(Comparator.comparingInt(ProblemSample::sampleIndex));
        out.output(OutputSchemas.problemRecord(samples));
      }
    }
  }

  /** Collects a (small) PCollection into one list. */
  static final class ToListFn<T> extends Combine.CombineFn<T, List<T>, List<T>> {
    @Override
    public List<T> createAccumulator() {
      return new ArrayList<>();
    }

    @Override
    public List<T> addInput(List<T> acc, T input) {
      acc.add(input);
      return acc;
    }

    @Override
    public List<T> mergeAccumulators(Iterable<List<T>> accs) {
      List<T> merged = new ArrayList<>();
      accs.forEach(merged::addAll);
      return merged;
    }

    @Override
    public List<T> extractOutput(List<T> acc) {
      return acc;
    }
  }
}
