package io.mathbeam.transforms.coders;

import io.mathbeam.core.regrade.StoredGrade;
import io.mathbeam.core.regrade.StoredSample;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link StoredSample}: the generation, then the stored grade. */
public final class StoredSampleCoder extends AtomicCoder<StoredSample> {
  private static final StoredSampleCoder INSTANCE = new StoredSampleCoder();

  public static StoredSampleCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(StoredSample s, OutputStream out) throws IOException {
    GenerationCoder.of().encode(s.generation(), out);
    StoredGrade g = s.grade();
    Wire.writeString(g.status(), out);
    Wire.writeString(g.extractedAnswer(), out);
    Wire.writeString(g.graderVersion(), out);
    Wire.writeInt(g.fromJudge() ? 1 : 0, out);
  }

  @Override
  public StoredSample decode(InputStream in) throws IOException {
    return new StoredSample(
        GenerationCoder.of().decode(in),
        new StoredGrade(
            Wire.readString(in), Wire.readString(in), Wire.readString(in), Wire.readInt(in) == 1));
  }

  @Override
  public void verifyDeterministic() {}
}
