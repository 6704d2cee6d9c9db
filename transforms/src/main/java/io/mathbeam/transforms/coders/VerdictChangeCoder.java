package io.mathbeam.transforms.coders;

import io.mathbeam.core.regrade.VerdictChange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link VerdictChange}. */
public final class VerdictChangeCoder extends AtomicCoder<VerdictChange> {
  private static final VerdictChangeCoder INSTANCE = new VerdictChangeCoder();

  public static VerdictChangeCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(VerdictChange c, OutputStream out) throws IOException {
    Wire.writeString(c.dataset(), out);
    Wire.writeString(c.problemId(), out);
    Wire.writeInt(c.sampleIndex(), out);
    Wire.writeString(c.oldStatus(), out);
    Wire.writeString(c.newStatus(), out);
    Wire.writeString(c.oldAnswer(), out);
    Wire.writeString(c.newAnswer(), out);
    Wire.writeStrings(c.goldAnswers(), out);
    Wire.writeString(c.oldGraderVersion(), out);
    Wire.writeString(c.newGraderVersion(), out);
    Wire.writeString(c.responseEnd(), out);
    Wire.writeInt(c.responseChars(), out);
  }

  @Override
  public VerdictChange decode(InputStream in) throws IOException {
    return new VerdictChange(
        Wire.readString(in),
        Wire.readString(in),
        Wire.readInt(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readStrings(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readInt(in));
  }

  @Override
  public void verifyDeterministic() {}
}
