package io.mathbeam.transforms;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link ProblemSample}. */
final class ProblemSampleCoder extends AtomicCoder<ProblemSample> {
  private static final ProblemSampleCoder INSTANCE = new ProblemSampleCoder();

  static ProblemSampleCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(ProblemSample s, OutputStream out) throws IOException {
    Wire.writeString(s.datasetId(), out);
    Wire.writeString(s.problemId(), out);
    Wire.writeString(s.problem(), out);
    Wire.writeStrings(s.goldAnswers(), out);
    Wire.writeInt(s.sampleIndex(), out);
    Wire.writeLong(s.seed(), out);
    Wire.writeInt(s.correct() ? 1 : 0, out);
    Wire.writeString(s.status(), out);
    Wire.writeString(s.extractedAnswer(), out);
  }

  @Override
  public ProblemSample decode(InputStream in) throws IOException {
    return new ProblemSample(
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readStrings(in),
        Wire.readInt(in),
        Wire.readLong(in),
        Wire.readInt(in) == 1,
        Wire.readString(in),
        Wire.readString(in));
  }

  @Override
  public void verifyDeterministic() {}
}
