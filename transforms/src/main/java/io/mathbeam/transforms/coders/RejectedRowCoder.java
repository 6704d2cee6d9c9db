package io.mathbeam.transforms.coders;

import io.mathbeam.core.problems.RejectedRow;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link RejectedRow}. */
public final class RejectedRowCoder extends AtomicCoder<RejectedRow> {
  private static final RejectedRowCoder INSTANCE = new RejectedRowCoder();

  public static RejectedRowCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(RejectedRow r, OutputStream out) throws IOException {
    Wire.writeString(r.datasetId(), out);
    Wire.writeString(r.file(), out);
    Wire.writeLong(r.line(), out);
    Wire.writeString(r.field(), out);
    Wire.writeString(r.reason(), out);
    Wire.writeString(r.excerpt(), out);
  }

  @Override
  public RejectedRow decode(InputStream in) throws IOException {
    return new RejectedRow(
        Wire.readString(in),
        Wire.readString(in),
        Wire.readLong(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in));
  }

  @Override
  public void verifyDeterministic() {}
}
