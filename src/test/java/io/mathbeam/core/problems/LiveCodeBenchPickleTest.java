package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.Test;

/** {@link PickledString}, the reader of the pickles in LiveCodeBench's compressed tests. */
public class LiveCodeBenchPickleTest {
  private static final String TESTS_JSON =
      "[{\"input\": \"3\\n\", \"output\": \"6\\n\", \"testtype\": \"stdin\"}]";

  /** {@code pickle.dumps(TESTS_JSON, protocol=4)} from CPython 3.11. */
  private static final String PROTOCOL_4 =
      "8004953c000000000000008c385b7b22696e707574223a2022335c6e222c20226f7574707574223a2022"
          + "365c6e222c20227465737474797065223a2022737464696e227d5d942e";

  /** {@code pickle.dumps(TESTS_JSON, protocol=2)}. */
  private static final String PROTOCOL_2 =
      "800258380000005b7b22696e707574223a2022335c6e222c20226f7574707574223a2022365c6e222c2022"
          + "7465737474797065223a2022737464696e227d5d71002e";

  /** A class whose {@code __reduce__} returns {@code (os.system, ("echo pwned",))}, protocol 4. */
  private static final String CALLS_OS_SYSTEM =
      "80049525000000000000008c05706f736978948c0673797374656d9493948c0a6563686f2070776e65649485"
          + "9452942e";

  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  @Test
  public void readsWhatPythonWritesWithProtocols2And4() throws CodeFormatException {
    assertEquals(TESTS_JSON, PickledString.read(hex(PROTOCOL_4)));
    assertEquals(TESTS_JSON, PickledString.read(hex(PROTOCOL_2)));
  }

  @Test
  public void readsLongStringsWithFourAndEightByteLengths() throws CodeFormatException {
    String text = "é".repeat(300);
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream p = new ByteArrayOutputStream();
    p.write(0x80);
    p.write(5);
    p.write('X');
    p.writeBytes(littleEndian(utf8.length, 4));
    p.writeBytes(utf8);
    p.write('r'); // LONG_BINPUT 0
    p.writeBytes(littleEndian(0, 4));
    p.write('.');
    assertEquals(text, PickledString.read(p.toByteArray()));

    ByteArrayOutputStream p8 = new ByteArrayOutputStream();
    p8.write(0x8d);
    p8.writeBytes(littleEndian(utf8.length, 8));
    p8.writeBytes(utf8);
    p8.write('.');
    assertEquals(text, PickledString.read(p8.toByteArray()));
  }

  @Test
  public void refusesAPickleThatWouldCallAFunction() {
    CodeFormatException e =
        assertThrows(CodeFormatException.class, () -> PickledString.read(hex(CALLS_OS_SYSTEM)));
    // SHORT_BINUNICODE 'posix' and MEMOIZE pass; the second string is refused before STACK_GLOBAL
    assertTrue(e.getMessage(), e.getMessage().contains("second object"));
  }

  @Test
  public void refusesGlobalAndReduceOpcodesByName() {
    byte[] protocol0 = "cposix\nsystem\n(Vecho pwned\ntR.".getBytes(StandardCharsets.US_ASCII);
    CodeFormatException e =
        assertThrows(CodeFormatException.class, () -> PickledString.read(protocol0));
    assertTrue(e.getMessage(), e.getMessage().contains("0x63 'c' (GLOBAL) at byte 0"));

    byte[] reduce = {(byte) 0x80, 4, (byte) 0x8c, 1, 'a', 'R', '.'};
    e = assertThrows(CodeFormatException.class, () -> PickledString.read(reduce));
    assertTrue(e.getMessage(), e.getMessage().contains("(REDUCE) at byte 5"));

    byte[] stackGlobal = {(byte) 0x8c, 1, 'a', (byte) 0x93, '.'};
    e = assertThrows(CodeFormatException.class, () -> PickledString.read(stackGlobal));
    assertTrue(e.getMessage(), e.getMessage().contains("(STACK_GLOBAL) at byte 3"));
  }

  @Test
  public void refusesCutOffEmptyAndTrailingBytes() {
    assertThrows(CodeFormatException.class, () -> PickledString.read(new byte[0]));
    byte[] cut = {(byte) 0x80, 4, (byte) 0x8c, 9, 'a', 'b'};
    assertTrue(
        assertThrows(CodeFormatException.class, () -> PickledString.read(cut))
            .getMessage()
            .contains("runs past the end"));
    byte[] noString = {(byte) 0x80, 4, '.'};
    assertThrows(CodeFormatException.class, () -> PickledString.read(noString));
    byte[] trailing = {(byte) 0x8c, 1, 'a', '.', 'x'};
    assertTrue(
        assertThrows(CodeFormatException.class, () -> PickledString.read(trailing))
            .getMessage()
            .contains("after STOP"));
    byte[] latePro = {(byte) 0x8c, 1, 'a', (byte) 0x80, 4, '.'};
    assertThrows(CodeFormatException.class, () -> PickledString.read(latePro));
  }

  @Test
  public void refusesTextThatIsNotUtf8() {
    byte[] bad = {(byte) 0x8c, 2, (byte) 0xc3, (byte) 0x28, '.'};
    assertTrue(
        assertThrows(CodeFormatException.class, () -> PickledString.read(bad))
            .getMessage()
            .contains("not UTF-8"));
  }

  private static byte[] littleEndian(long value, int width) {
    byte[] b = new byte[width];
    for (int i = 0; i < width; i++) {
      b[i] = (byte) (value >>> (8 * i));
    }
    return b;
  }
}
