package io.mathbeam.transforms;

import io.mathbeam.core.model.CodeExecutions;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.regrade.StoredGrade;
import io.mathbeam.core.regrade.StoredSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.Read;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Reads the generations of an earlier run back from its {@code samples/} Parquet files, so they can
 * be graded and measured again without calling any server (a new grader version, new metrics), each
 * with the grade that run stored for it, so the new grades can be compared with the old.
 *
 * <p>The samples come in batches of up to {@link StoredSampleSource#BATCH_SAMPLES} consecutive
 * samples of one Parquet row group (the source's elements), in no order between batches.
 */
public final class ReadStoredSamples extends PTransform<PBegin, PCollection<List<StoredSample>>> {
  /** The grader version of rows that record none when the run's manifest does not say either. */
  public static final String UNKNOWN_VERSION = "unknown";

  private final String samplesGlob;
  private final Map<String, Integer> samplesPerProblem;
  private final String graderVersion;

  private ReadStoredSamples(
      String samplesGlob, Map<String, Integer> samplesPerProblem, String graderVersion) {
    this.samplesGlob = samplesGlob;
    this.samplesPerProblem = Map.copyOf(samplesPerProblem);
    this.graderVersion = graderVersion;
  }

  /**
   * @param samplesPerProblem K of each dataset, from the run's manifest
   */
  public static ReadStoredSamples from(String runDir, Map<String, Integer> samplesPerProblem) {
    String dir = runDir.endsWith("/") ? runDir.substring(0, runDir.length() - 1) : runDir;
    return new ReadStoredSamples(dir + "/samples/*.parquet", samplesPerProblem, UNKNOWN_VERSION);
  }

  /**
   * The grader version of rows that do not record one (runs written before samples were stamped
   * with it): the run manifest's {@code grader_version}.
   */
  public ReadStoredSamples withGraderVersion(String version) {
    return new ReadStoredSamples(
        samplesGlob, samplesPerProblem, version == null ? UNKNOWN_VERSION : version);
  }

  @Override
  public PCollection<List<StoredSample>> expand(PBegin begin) {
    // Rows are parsed where they are read, so no PCollection of rows in the files' own schema is
    // ever encoded; only the columns a stored sample needs are read (the floor reads the same
    // projection); each row group is a split of its own, handed to whichever worker asks next.
    ParseStoredSample parse = new ParseStoredSample(samplesPerProblem, graderVersion);
    StoredSampleSource source;
    try {
      source = StoredSampleSource.of(samplesGlob, OutputSchemas.STORED_SAMPLE, parse);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the footers of " + samplesGlob, e);
    }
    return begin.apply("ReadStoredSamples", Read.from(source));
  }

  /** A stored sample from its row. */
  static final class ParseStoredSample
      implements SerializableFunction<GenericRecord, StoredSample> {
    private final Map<String, Integer> samplesPerProblem;
    private final String graderVersion;

    ParseStoredSample(Map<String, Integer> samplesPerProblem, String graderVersion) {
      this.samplesPerProblem = samplesPerProblem;
      this.graderVersion = graderVersion;
    }

    @Override
    public StoredSample apply(GenericRecord row) {
      return new StoredSample(generation(row, samplesPerProblem), grade(row, graderVersion));
    }
  }

  /** The inverse of {@link OutputSchemas#sampleRecord} for everything before grading. */
  public static Generation generation(GenericRecord row, Map<String, Integer> samplesPerProblem) {
    String dataset = text(row, "data_source");
    if (row.getSchema().getField("tests_total") != null && row.get("tests_total") != null) {
      // the rows hold the program, not the tests it must pass
      throw new IllegalArgumentException(
          "regrade cannot grade code problems again ("
              + dataset
              + "/"
              + text(row, "problem_id")
              + "): their tests are not in the run directory. Run eval again with the same"
              + " --cacheDir instead: it grades every cached generation without calling a server");
    }
    List<String> golds = strings(row.get("ground_truth"));
    SampleRequest request =
        new SampleRequest(
            dataset,
            text(row, "problem_id"),
            text(row, "problem"),
            golds,
            (Integer) row.get("sample_index"),
            samplesPerProblem.getOrDefault(dataset, 0),
            (Long) row.get("seed"),
            strings(row.get("choices")));
    return new Generation(
        request,
        text(row, "response"),
        text(row, "reasoning"),
        text(row, "finish_reason"),
        (Integer) row.get("prompt_tokens"),
        (Integer) row.get("completion_tokens"),
        (Long) row.get("latency_ms"),
        text(row, "replica"),
        (Integer) row.get("attempts"),
        ErrorClass.ofName(text(row, "error_class")),
        text(row, "error_message"),
        codeExecutions(row));
  }

  /** The programs a tool-integrated sample ran; null for other samples and older files. */
  private static CodeExecutions codeExecutions(GenericRecord row) {
    Object ms =
        row.getSchema().getField("tool_execution_ms") == null ? null : row.get("tool_execution_ms");
    if (ms == null) {
      return null;
    }
    return new CodeExecutions(strings(row.get("tool_execution_statuses")), (Long) ms);
  }

  /**
   * The grade stored in a row read with {@link OutputSchemas#STORED_SAMPLE}.
   *
   * @param graderVersion the version of a row that records none
   */
  public static StoredGrade grade(GenericRecord row, String graderVersion) {
    String status = text(row, "status");
    String symbolic = optionalText(row, "symbolic_status");
    String version = optionalText(row, "grader_version");
    return new StoredGrade(
        status,
        text(row, "extracted_answer"),
        version == null ? graderVersion : version,
        symbolic != null && !symbolic.equals(status));
  }

  private static List<String> strings(Object list) {
    List<String> out = new ArrayList<>();
    if (list != null) {
      for (Object item : (List<?>) list) {
        out.add(item.toString());
      }
    }
    return out;
  }

  /** A column that files written before it existed lack: Parquet leaves it out of their rows. */
  private static String optionalText(GenericRecord row, String field) {
    return row.getSchema().getField(field) == null ? null : text(row, field);
  }

  private static String text(GenericRecord row, String field) {
    Object value = row.get(field);
    return value == null ? null : value.toString();
  }
}
