package io.mathbeam.transforms.coders;

import io.mathbeam.core.regrade.GradeComparison;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link GradeComparison}: its small fields, then the change when there is one. */
public final class GradeComparisonCoder extends AtomicCoder<GradeComparison> {
  private static final GradeComparisonCoder INSTANCE = new GradeComparisonCoder();

  public static GradeComparisonCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(GradeComparison c, OutputStream out) throws IOException {
    Wire.writeString(c.dataset(), out);
    Wire.writeString(c.oldStatus(), out);
    Wire.writeString(c.newStatus(), out);
    Wire.writeInt((c.answerChanged() ? 1 : 0) | (c.oldFromJudge() ? 2 : 0), out);
    Wire.writeString(c.oldGraderVersion(), out);
    if (c.change() != null) {
      VerdictChangeCoder.of().encode(c.change(), out);
    }
  }

  @Override
  public GradeComparison decode(InputStream in) throws IOException {
    String dataset = Wire.readString(in);
    String oldStatus = Wire.readString(in);
    String newStatus = Wire.readString(in);
    int flags = Wire.readInt(in);
    String version = Wire.readString(in);
    // the change is present exactly when the status changed
    return new GradeComparison(
        dataset,
        oldStatus,
        newStatus,
        (flags & 1) != 0,
        (flags & 2) != 0,
        version,
        oldStatus.equals(newStatus) ? null : VerdictChangeCoder.of().decode(in));
  }

  @Override
  public void verifyDeterministic() {}
}
