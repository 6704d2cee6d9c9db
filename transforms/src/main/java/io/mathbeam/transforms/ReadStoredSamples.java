package io.mathbeam.transforms;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.parquet.ParquetIO;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Reads the generations of an earlier run back from its {@code samples/} Parquet files, so they can
 * be graded and measured again without calling any server (a new grader version, new metrics).
 */
public final class ReadStoredSamples extends PTransform<PBegin, PCollection<Generation>> {
  private final String samplesGlob;
  private final Map<String, Integer> samplesPerProblem;

  private ReadStoredSamples(String samplesGlob, Map<String, Integer> samplesPerProblem) {
    this.samplesGlob = samplesGlob;
    this.samplesPerProblem = Map.copyOf(samplesPerProblem);
  }

  /**
   * @param samplesPerProblem K of each dataset, from the run's manifest
   */
  public static ReadStoredSamples from(String runDir, Map<String, Integer> samplesPerProblem) {
    String dir = runDir.endsWith("/") ? runDir.substring(0, runDir.length() - 1) : runDir;
    return new ReadStoredSamples(dir + "/samples/*.parquet", samplesPerProblem);
  }

  @Override
  public PCollection<Generation> expand(PBegin begin) {
    return begin
        .apply("ReadSampleRows", ParquetIO.read(OutputSchemas.STORED_GENERATION).from(samplesGlob))
        .apply("ToGenerations", ParDo.of(new ToGenerationFn(samplesPerProblem)))
        .setCoder(GenerationCoder.of());
  }

  static final class ToGenerationFn extends DoFn<GenericRecord, Generation> {
    private final Map<String, Integer> samplesPerProblem;

    ToGenerationFn(Map<String, Integer> samplesPerProblem) {
      this.samplesPerProblem = samplesPerProblem;
    }

    @ProcessElement
    public void process(@Element GenericRecord row, OutputReceiver<Generation> out) {
      out.output(generation(row, samplesPerProblem));
    }
  }

  /** The inverse of {@link OutputSchemas#sampleRecord} for everything before grading. */
  public static Generation generation(GenericRecord row, Map<String, Integer> samplesPerProblem) {
    String dataset = text(row, "data_source");
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
        text(row, "error_class"),
        text(row, "error_message"));
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

  private static String text(GenericRecord row, String field) {
    Object value = row.get(field);
    return value == null ? null : value.toString();
  }
}
