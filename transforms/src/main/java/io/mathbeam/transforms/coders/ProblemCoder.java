package io.mathbeam.transforms.coders;

import io.mathbeam.core.model.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link Problem}. */
public final class ProblemCoder extends AtomicCoder<Problem> {
  private static final ProblemCoder INSTANCE = new ProblemCoder();

  public static ProblemCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(Problem p, OutputStream out) throws IOException {
    Wire.writeString(p.datasetId(), out);
    Wire.writeString(p.problemId(), out);
    Wire.writeString(p.problem(), out);
    Wire.writeStrings(p.goldAnswers(), out);
    Wire.writeInt(p.samples(), out);
    Wire.writeString(p.source(), out);
    Wire.writeStrings(p.choices(), out);
    CodeTaskWire.write(p.code(), out);
  }

  @Override
  public Problem decode(InputStream in) throws IOException {
    return new Problem(
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readStrings(in),
        Wire.readInt(in),
        Wire.readString(in),
        Wire.readStrings(in),
        CodeTaskWire.read(in));
  }

  @Override
  public void verifyDeterministic() {}
}
