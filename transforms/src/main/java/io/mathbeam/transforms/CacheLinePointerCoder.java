package io.mathbeam.transforms;

import io.mathbeam.transforms.coders.Wire;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.AtomicCoder;

/** Coder for {@link CacheLinePointer}. */
final class CacheLinePointerCoder extends AtomicCoder<CacheLinePointer> {
  private static final CacheLinePointerCoder INSTANCE = new CacheLinePointerCoder();

  static CacheLinePointerCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(CacheLinePointer p, OutputStream out) throws IOException {
    Wire.writeString(p.file(), out);
    Wire.writeLong(p.offset(), out);
    Wire.writeInt(p.length(), out);
  }

  @Override
  public CacheLinePointer decode(InputStream in) throws IOException {
    return new CacheLinePointer(Wire.readString(in), Wire.readLong(in), Wire.readInt(in));
  }

  @Override
  public void verifyDeterministic() {}
}
