package io.mathbeam.transforms.coders;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.JudgeVerdict;
import io.mathbeam.core.model.Judgment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link GradedSample}. */
public final class GradedSampleCoder extends AtomicCoder<GradedSample> {
  private static final GradedSampleCoder INSTANCE = new GradedSampleCoder();
  private static final GradeStatus[] STATUSES = GradeStatus.values();
  private static final JudgeVerdict[] VERDICTS = JudgeVerdict.values();
  private static final ExecutionStatus[] EXECUTIONS = ExecutionStatus.values();

  public static GradedSampleCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(GradedSample s, OutputStream out) throws IOException {
    GenerationCoder.of().encode(s.generation(), out);
    Wire.writeString(s.extractedAnswer(), out);
    Wire.writeInt(s.status().ordinal(), out);
    Wire.writeLong(s.gradeMicros(), out);
    Wire.writeInt(s.symbolicStatus().ordinal(), out);
    Judgment j = s.judgment();
    // verdict ordinal + 1, 0 for "not judged"
    Wire.writeInt(j == null ? 0 : j.verdict().ordinal() + 1, out);
    if (j != null) {
      Wire.writeString(j.reply(), out);
      Wire.writeString(j.errorClass(), out);
      Wire.writeLong(j.latencyMs(), out);
    }
    CodeOutcome code = s.code();
    Wire.writeInt(code == null ? 0 : code.execution().ordinal() + 1, out);
    if (code != null) {
      Wire.writeString(code.code(), out);
      Wire.writeInt(code.testsPassed(), out);
      Wire.writeInt(code.testsTotal(), out);
      Wire.writeString(code.firstFailure(), out);
      Wire.writeLong(code.executionMillis(), out);
    }
  }

  @Override
  public GradedSample decode(InputStream in) throws IOException {
    var generation = GenerationCoder.of().decode(in);
    String answer = Wire.readString(in);
    GradeStatus status = STATUSES[Wire.readInt(in)];
    long micros = Wire.readLong(in);
    GradeStatus symbolic = STATUSES[Wire.readInt(in)];
    int verdict = Wire.readInt(in);
    Judgment judgment =
        verdict == 0
            ? null
            : new Judgment(
                VERDICTS[verdict - 1], Wire.readString(in), Wire.readString(in), Wire.readLong(in));
    int execution = Wire.readInt(in);
    CodeOutcome code =
        execution == 0
            ? null
            : new CodeOutcome(
                Wire.readString(in),
                EXECUTIONS[execution - 1],
                Wire.readInt(in),
                Wire.readInt(in),
                Wire.readString(in),
                Wire.readLong(in));
    return new GradedSample(generation, answer, status, micros, symbolic, judgment, code);
  }

  @Override
  public void verifyDeterministic() {}
}
