package io.mathbeam.transforms.coders;

import io.mathbeam.core.stats.ProblemTally;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link ProblemTally}. */
public final class ProblemTallyCoder extends AtomicCoder<ProblemTally> {
  private static final ProblemTallyCoder INSTANCE = new ProblemTallyCoder();

  public static ProblemTallyCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(ProblemTally t, OutputStream out) throws IOException {
    Wire.writeString(t.datasetId(), out);
    Wire.writeString(t.problemId(), out);
    Wire.writeInt(t.samples(), out);
    Wire.writeInt(t.correct(), out);
    Wire.writeInt(t.incorrect(), out);
    Wire.writeInt(t.noAnswer(), out);
    Wire.writeInt(t.requestErrors(), out);
    Wire.writeInt(t.unparseable(), out);
    Wire.writeInt(t.graderTimeouts(), out);
    Wire.writeInt(t.graderErrors(), out);
    Wire.writeInt(t.judgeErrors(), out);
    Wire.writeInt(t.truncated(), out);
    Wire.writeLong(t.completionTokens(), out);
  }

  @Override
  public ProblemTally decode(InputStream in) throws IOException {
    return new ProblemTally(
        Wire.readString(in),
        Wire.readString(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readLong(in));
  }

  @Override
  public void verifyDeterministic() {}
}
