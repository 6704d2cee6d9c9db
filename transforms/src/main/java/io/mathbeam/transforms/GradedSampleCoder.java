package io.mathbeam.transforms;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link GradedSample}. */
public final class GradedSampleCoder extends AtomicCoder<GradedSample> {
  private static final GradedSampleCoder INSTANCE = new GradedSampleCoder();
  private static final GradeStatus[] STATUSES = GradeStatus.values();

  public static GradedSampleCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(GradedSample s, OutputStream out) throws IOException {
    GenerationCoder.of().encode(s.generation(), out);
    Wire.writeString(s.extractedAnswer(), out);
    Wire.writeInt(s.status().ordinal(), out);
    Wire.writeLong(s.gradeMicros(), out);
  }

  @Override
  public GradedSample decode(InputStream in) throws IOException {
    return new GradedSample(
        GenerationCoder.of().decode(in),
        Wire.readString(in),
        STATUSES[Wire.readInt(in)],
        Wire.readLong(in));
  }

  @Override
  public void verifyDeterministic() {}
}
