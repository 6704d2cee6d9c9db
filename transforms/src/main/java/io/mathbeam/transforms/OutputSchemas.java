package io.mathbeam.transforms;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.Judgment;
import io.mathbeam.core.model.SampleRequest;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * Avro schemas of the Parquet outputs, and the conversions into them. The namespace matches no Java
 * class on purpose: parquet-avro otherwise looks for a generated class of that name.
 */
public final class OutputSchemas {
  static final String NAMESPACE = "mathbeam.output";

  /**
   * Row group size of {@code samples/} files, about 6,000 samples of typical length. Beam's Parquet
   * read splits files at row groups, so a row group is what one read step emits at once, and the
   * DirectRunner holds a step's whole output until it ends: with Parquet's 128 MB default that was
   * a whole 50,000-sample file per reading thread.
   */
  public static final long SAMPLE_ROW_GROUP_BYTES = 16L << 20;

  public static final Schema SAMPLE =
      SchemaBuilder.record("sample")
          .namespace(NAMESPACE)
          .fields()
          .requiredString("data_source")
          .requiredString("problem_id")
          .requiredInt("sample_index")
          .requiredLong("seed")
          .requiredString("problem")
          .name("ground_truth")
          .type()
          .array()
          .items()
          .stringType()
          .noDefault()
          .optionalString("response")
          .optionalString("reasoning")
          .optionalString("finish_reason")
          .requiredInt("prompt_tokens")
          .requiredInt("completion_tokens")
          .requiredLong("latency_ms")
          .optionalString("replica")
          .requiredInt("attempts")
          .optionalString("error_class")
          .optionalString("error_message")
          .optionalString("extracted_answer")
          .requiredString("status")
          .requiredDouble("reward")
          .requiredLong("grade_micros")
          .requiredString("grader_version")
          .optionalString("symbolic_status")
          .optionalString("judge_verdict")
          .optionalString("judge_reply")
          .optionalString("judge_error")
          .name("choices")
          .type()
          .array()
          .items()
          .stringType()
          .arrayDefault(List.of())
          // code problems only: how the program's run ended, tests passed / due, the first failure
          .optionalString("code_execution")
          .optionalInt("tests_passed")
          .optionalInt("tests_total")
          .optionalString("first_failure")
          .optionalLong("code_execution_ms")
          // tool-integrated reasoning only: the programs run while generating
          .name("tool_execution_statuses")
          .type()
          .array()
          .items()
          .stringType()
          .arrayDefault(List.of())
          .optionalLong("tool_execution_ms")
          .endRecord();

  public static final Schema PROBLEM =
      SchemaBuilder.record("problem")
          .namespace(NAMESPACE)
          .fields()
          .requiredString("data_source")
          .requiredString("problem_id")
          .requiredString("problem")
          .name("ground_truth")
          .type()
          .array()
          .items()
          .stringType()
          .noDefault()
          .requiredInt("num_samples")
          .requiredInt("num_correct")
          .name("rewards")
          .type()
          .array()
          .items()
          .doubleType()
          .noDefault()
          .name("extracted_answers")
          .type()
          .array()
          .items()
          .nullable()
          .stringType()
          .noDefault()
          .name("statuses")
          .type()
          .array()
          .items()
          .stringType()
          .noDefault()
          .name("seeds")
          .type()
          .array()
          .items()
          .longType()
          .noDefault()
          .requiredString("grader_version")
          // a code problem's answers are programs: majority votes compare them as text
          .optionalBoolean("code")
          .endRecord();

  /** One row per dataset and run of the history table ({@code --history}). */
  public static final Schema HISTORY =
      SchemaBuilder.record("history")
          .namespace(NAMESPACE)
          .fields()
          .requiredString("finished_at")
          .requiredString("run")
          .requiredString("model")
          .requiredBoolean("simulated_model")
          .requiredString("dataset")
          .requiredInt("num_problems")
          .requiredInt("samples_per_problem")
          .requiredDouble("pass_at_1")
          .optionalDouble("ci95_lower")
          .optionalDouble("ci95_upper")
          .optionalDouble("maj_at_k")
          .requiredString("grader_version")
          .requiredString("mathbeam_version")
          .endRecord();

  /** The columns of {@link #SAMPLE} behind the per-sample figures: no text. */
  public static final Schema SAMPLE_FIGURES =
      projection(
          SAMPLE,
          "data_source",
          "finish_reason",
          "prompt_tokens",
          "completion_tokens",
          "latency_ms",
          "replica",
          "status");

  /**
   * The columns of {@link #SAMPLE} the report's problem browser shows of every sample: no response
   * or reasoning text (the responses it embeds are read by {@link #SAMPLE_RESPONSE}).
   */
  public static final Schema SAMPLE_BROWSER =
      projection(
          SAMPLE,
          "data_source",
          "problem_id",
          "sample_index",
          "problem",
          "ground_truth",
          "finish_reason",
          "completion_tokens",
          "extracted_answer",
          "status",
          "reward",
          "code_execution",
          "tests_passed",
          "tests_total",
          "first_failure");

  /** A sample's key and its response text: what the report's browser embeds. */
  public static final Schema SAMPLE_RESPONSE =
      projection(SAMPLE, "data_source", "problem_id", "sample_index", "response");

  /**
   * The columns of {@link #SAMPLE} that hold a generation as the server returned it, before any
   * grade: what a regrade reads back.
   */
  public static final Schema STORED_GENERATION =
      projection(
          SAMPLE,
          "data_source",
          "problem_id",
          "sample_index",
          "seed",
          "problem",
          "ground_truth",
          "response",
          "reasoning",
          "finish_reason",
          "prompt_tokens",
          "completion_tokens",
          "latency_ms",
          "replica",
          "attempts",
          "error_class",
          "error_message",
          "choices",
          "tool_execution_statuses",
          "tool_execution_ms",
          "tests_total");

  /**
   * {@link #STORED_GENERATION} with the stored grade ({@code extracted_answer}, {@code status},
   * {@code symbolic_status}, {@code grader_version}): what a regrade reads to compare its grades
   * with the earlier ones. {@code grader_version} is optional here: files written before samples
   * were stamped with it lack the column (and their rows the field), and the run manifest's version
   * stands in.
   */
  public static final Schema STORED_SAMPLE = storedSample();

  /** The columns of {@link #SAMPLE} behind the symbolic-versus-judge metrics: no text. */
  public static final Schema SAMPLE_JUDGE =
      projection(
          SAMPLE,
          "data_source",
          "problem_id",
          "sample_index",
          "extracted_answer",
          "status",
          "symbolic_status",
          "judge_verdict");

  /** The columns of {@link #PROBLEM} that statistics need: no problem or response text. */
  public static final Schema PROBLEM_VOTES =
      projection(PROBLEM, "data_source", "problem_id", "rewards", "extracted_answers", "code");

  /**
   * A read projection of {@code full}: the named fields with their definitions, so a projection can
   * never disagree with the files' schema.
   */
  public static Schema projection(Schema full, String... fields) {
    List<Schema.Field> copies = new ArrayList<>();
    for (String name : fields) {
      Schema.Field f = full.getField(name);
      if (f == null) {
        throw new IllegalArgumentException(full.getName() + " has no field " + name);
      }
      copies.add(new Schema.Field(f, f.schema()));
    }
    return Schema.createRecord(full.getName(), full.getDoc(), full.getNamespace(), false, copies);
  }

  private static Schema storedSample() {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : STORED_GENERATION.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    for (String name : List.of("extracted_answer", "status", "symbolic_status")) {
      Schema.Field f = SAMPLE.getField(name);
      fields.add(new Schema.Field(f, f.schema()));
    }
    Schema.Field version = SAMPLE.getField("grader_version");
    fields.add(
        new Schema.Field(
            version.name(),
            Schema.createUnion(Schema.create(Schema.Type.NULL), version.schema()),
            version.doc(),
            JsonProperties.NULL_VALUE));
    return Schema.createRecord(
        SAMPLE.getName(), SAMPLE.getDoc(), SAMPLE.getNamespace(), false, fields);
  }

  private OutputSchemas() {}

  /**
   * A sample's row. Its text fields hold {@link Utf8}s, which parquet-avro writes as they are: a
   * {@code String} it would encode through a {@code CharsetEncoder} over a wrapped char sequence,
   * one char at a time, which cost more CPU than any other part of writing a regrade's samples
   * (docs/runners.md); {@code String.getBytes} does the same encoding several times faster.
   */
  public static GenericRecord sampleRecord(GradedSample s) {
    Generation g = s.generation();
    SampleRequest r = g.request();
    GenericData.Record rec = new GenericData.Record(SAMPLE);
    rec.put("data_source", utf8(r.datasetId()));
    rec.put("problem_id", utf8(r.problemId()));
    rec.put("sample_index", r.sampleIndex());
    rec.put("seed", r.seed());
    rec.put("problem", utf8(r.problem()));
    rec.put("ground_truth", r.goldAnswers());
    rec.put("response", utf8(g.text()));
    rec.put("reasoning", utf8(g.reasoning()));
    rec.put("finish_reason", utf8(g.finishReason()));
    rec.put("prompt_tokens", g.promptTokens());
    rec.put("completion_tokens", g.completionTokens());
    rec.put("latency_ms", g.latencyMs());
    rec.put("replica", utf8(g.replica()));
    rec.put("attempts", g.attempts());
    rec.put("error_class", utf8(g.errorClassName()));
    rec.put("error_message", utf8(g.errorMessage()));
    rec.put("extracted_answer", utf8(s.extractedAnswer()));
    rec.put("status", utf8(s.status().wireName()));
    rec.put("reward", s.correct() ? 1.0 : 0.0);
    rec.put("grade_micros", s.gradeMicros());
    rec.put("grader_version", utf8(Grader.VERSION));
    rec.put("symbolic_status", utf8(s.symbolicStatus().wireName()));
    rec.put("choices", r.choices());
    Judgment j = s.judgment();
    if (j != null) {
      rec.put("judge_verdict", utf8(j.verdict().wireName()));
      rec.put("judge_reply", utf8(j.reply()));
      rec.put("judge_error", utf8(j.errorClass()));
    }
    if (g.codeExecutions() != null) {
      rec.put("tool_execution_statuses", g.codeExecutions().statuses());
      rec.put("tool_execution_ms", g.codeExecutions().millis());
    } else {
      rec.put("tool_execution_statuses", List.of());
    }
    CodeOutcome code = s.code();
    if (code != null) {
      rec.put("code_execution", utf8(code.hasCode() ? code.execution().wireName() : null));
      rec.put("tests_passed", code.testsPassed());
      rec.put("tests_total", code.testsTotal());
      rec.put("first_failure", utf8(code.firstFailure()));
      rec.put("code_execution_ms", code.executionMillis());
    }
    return rec;
  }

  /** {@code text} as a {@link Utf8}, or null. */
  private static Utf8 utf8(String text) {
    return text == null ? null : new Utf8(text);
  }

  /** One row per problem; {@code samples} must be sorted by sample index. */
  public static GenericRecord problemRecord(List<ProblemSample> samples) {
    ProblemSample first = samples.get(0);
    String problem = "";
    for (ProblemSample s : samples) {
      if (s.problem() != null) {
        problem = s.problem();
        break;
      }
    }
    GenericData.Record rec = new GenericData.Record(PROBLEM);
    rec.put("data_source", first.datasetId());
    rec.put("problem_id", first.problemId());
    rec.put("problem", problem);
    rec.put("ground_truth", first.goldAnswers());
    rec.put("num_samples", samples.size());
    rec.put("num_correct", (int) samples.stream().filter(ProblemSample::correct).count());
    rec.put("rewards", samples.stream().map(s -> s.correct() ? 1.0 : 0.0).toList());
    rec.put("extracted_answers", samples.stream().map(ProblemSample::extractedAnswer).toList());
    rec.put("statuses", samples.stream().map(ProblemSample::status).toList());
    rec.put("seeds", samples.stream().map(ProblemSample::seed).toList());
    rec.put("grader_version", Grader.VERSION);
    if (first.code()) {
      rec.put("code", true);
    }
    return rec;
  }
}
