package io.mathbeam.transforms.coders;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.Test;

public class WireTest {
  @Test
  public void stringsAndDoublesRoundTripOneAfterAnother() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Wire.writeString("\u00e9\u4e2d \ud83d\ude00", out);
    Wire.writeString(null, out);
    Wire.writeDouble(-0.1, out);
    Wire.writeDouble(Double.NaN, out);
    Wire.writeString("y".repeat(100_000), out);
    InputStream in = new ByteArrayInputStream(out.toByteArray());
    assertEquals("\u00e9\u4e2d \ud83d\ude00", Wire.readString(in));
    assertNull(Wire.readString(in));
    assertEquals(-0.1, Wire.readDouble(in), 0.0);
    assertEquals(
        Double.doubleToRawLongBits(Double.NaN), Double.doubleToRawLongBits(Wire.readDouble(in)));
    assertEquals("y".repeat(100_000), Wire.readString(in));
    assertEquals(-1, in.read());
  }

  @Test
  public void aCutStringOrDoubleIsAnEndOfStreamNotAShortValue() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Wire.writeString("abcdef", out);
    byte[] cut = Arrays.copyOf(out.toByteArray(), 4);
    assertThrows(EOFException.class, () -> Wire.readString(new ByteArrayInputStream(cut)));

    ByteArrayOutputStream d = new ByteArrayOutputStream();
    Wire.writeDouble(1.5, d);
    byte[] cutDouble = Arrays.copyOf(d.toByteArray(), 7);
    assertThrows(EOFException.class, () -> Wire.readDouble(new ByteArrayInputStream(cutDouble)));
  }
}
