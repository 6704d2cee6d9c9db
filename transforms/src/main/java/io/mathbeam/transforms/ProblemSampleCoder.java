package io.mathbeam.transforms;

import io.mathbeam.transforms.coders.Wire;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
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
    Wire.writeInt((s.correct() ? 1 : 0) | (s.code() ? 2 : 0), out);
    Wire.writeString(s.status(), out);
    Wire.writeString(s.extractedAnswer(), out);
  }

  @Override
  public ProblemSample decode(InputStream in) throws IOException {
    String datasetId = Wire.readString(in);
    String problemId = Wire.readString(in);
    String problem = Wire.readString(in);
    List<String> golds = Wire.readStrings(in);
    int index = Wire.readInt(in);
    long seed = Wire.readLong(in);
    int flags = Wire.readInt(in);
    return new ProblemSample(
        datasetId,
        problemId,
        problem,
        golds,
        index,
        seed,
        (flags & 1) != 0,
        Wire.readString(in),
        Wire.readString(in),
        (flags & 2) != 0);
  }

  @Override
  public void verifyDeterministic() {}
}
