package io.mathbeam.transforms.coders;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.util.VarInt;

/**
 * Field encodings shared by the project's coders: var-ints, and strings as a var-int length (-1 for
 * null, hence the +1 shift) followed by UTF-8 bytes, with no 64 KB limit.
 */
public final class Wire {
  private Wire() {}

  public static void writeString(String s, OutputStream out) throws IOException {
    if (s == null) {
      VarInt.encode(0, out);
      return;
    }
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    VarInt.encode(bytes.length + 1, out);
    out.write(bytes);
  }

  public static String readString(InputStream in) throws IOException {
    int length = VarInt.decodeInt(in) - 1;
    if (length < 0) {
      return null;
    }
    // readNBytes, not a DataInputStream per string: that wrapper's buffers were most of what
    // decoding a small record allocated
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new EOFException("a string of " + length + " bytes ended after " + bytes.length);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  public static void writeInt(int value, OutputStream out) throws IOException {
    VarInt.encode(value, out);
  }

  public static int readInt(InputStream in) throws IOException {
    return VarInt.decodeInt(in);
  }

  public static void writeLong(long value, OutputStream out) throws IOException {
    VarInt.encode(value, out);
  }

  public static long readLong(InputStream in) throws IOException {
    return VarInt.decodeLong(in);
  }

  public static void writeStrings(List<String> values, OutputStream out) throws IOException {
    writeInt(values.size(), out);
    for (String s : values) {
      writeString(s, out);
    }
  }

  public static List<String> readStrings(InputStream in) throws IOException {
    int size = readInt(in);
    List<String> values = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      values.add(readString(in));
    }
    return values;
  }

  public static void writeDouble(double value, OutputStream out) throws IOException {
    long bits = Double.doubleToRawLongBits(value);
    for (int shift = 56; shift >= 0; shift -= 8) {
      out.write((int) (bits >>> shift));
    }
  }

  public static double readDouble(InputStream in) throws IOException {
    long bits = 0;
    for (int i = 0; i < 8; i++) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("a double ended after " + i + " of its 8 bytes");
      }
      bits = (bits << 8) | b;
    }
    return Double.longBitsToDouble(bits);
  }
}
