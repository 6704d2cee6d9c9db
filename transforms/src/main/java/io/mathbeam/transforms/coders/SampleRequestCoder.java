package io.mathbeam.transforms.coders;

import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link SampleRequest}. */
public final class SampleRequestCoder extends AtomicCoder<SampleRequest> {
  private static final SampleRequestCoder INSTANCE = new SampleRequestCoder();

  public static SampleRequestCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(SampleRequest r, OutputStream out) throws IOException {
    Wire.writeString(r.datasetId(), out);
    Wire.writeString(r.problemId(), out);
    Wire.writeString(r.problem(), out);
    Wire.writeStrings(r.goldAnswers(), out);
    Wire.writeInt(r.sampleIndex(), out);
    Wire.writeInt(r.samplesPerProblem(), out);
    Wire.writeLong(r.seed(), out);
    Wire.writeStrings(r.choices(), out);
    CodeTaskWire.write(r.code(), out);
  }

  @Override
  public SampleRequest decode(InputStream in) throws IOException {
    return new SampleRequest(
        Wire.readString(in),
        Wire.readString(in),
        Wire.readString(in),
        Wire.readStrings(in),
        Wire.readInt(in),
        Wire.readInt(in),
        Wire.readLong(in),
        Wire.readStrings(in),
        CodeTaskWire.read(in));
  }

  @Override
  public void verifyDeterministic() {}
}
