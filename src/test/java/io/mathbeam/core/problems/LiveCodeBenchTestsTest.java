package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.junit.Test;

public class LiveCodeBenchTestsTest {
  /**
   * {@code base64(zlib.compress(pickle.dumps('[{"input": "3\\n", "output": "6\\n", "testtype":
   * "stdin"}]')))} from CPython 3.11: the form of the public release's private tests.
   */
  private static final String PYTHON_COMPRESSED =
      "eJxrYJlqwwABPRbR1UqZeQWlJUpWCkrGMXlKOgpK+aUlUAEziEBJanFJSWVBKkiouCQlM0+pNnaKHgCV2RRM";

  @Test
  public void readsAJsonStringOfTests() throws CodeFormatException {
    List<CodeTest> tests =
        LiveCodeBenchTests.decode(
            "[{\"input\": \"1 2\\n\", \"output\": \"3\\n\", \"testtype\": \"stdin\"},"
                + " {\"input\": \"[1,2]\\n3\", \"output\": \"[4, 5]\", \"testtype\": \"functional\"}]");
    assertEquals(
        List.of(
            new CodeTest("1 2\n", "3\n", CodeTestType.STDIN),
            new CodeTest("[1,2]\n3", "[4, 5]", CodeTestType.FUNCTIONAL)),
        tests);
  }

  @Test
  public void readsAnAlreadyDecodedList() throws CodeFormatException {
    List<CodeTest> tests =
        LiveCodeBenchTests.decode(
            List.of(Map.of("input", "x", "output", "y", "testtype", "STDIN")));
    assertEquals(List.of(new CodeTest("x", "y", CodeTestType.STDIN)), tests);
  }

  @Test
  public void readsCompressedPickledTestsWithoutUnpickling() throws CodeFormatException {
    assertEquals(
        List.of(new CodeTest("3\n", "6\n", CodeTestType.STDIN)),
        LiveCodeBenchTests.decode(PYTHON_COMPRESSED));
  }

  @Test
  public void refusesCompressedPickleThatBuildsObjects() {
    // GLOBAL 'os system', a string, TUPLE1, REDUCE: os.system("echo pwned") if unpickled
    byte[] global = "cos\nsystem\n".getBytes(StandardCharsets.US_ASCII);
    byte[] argument = "echo pwned".getBytes(StandardCharsets.US_ASCII);
    java.io.ByteArrayOutputStream p = new java.io.ByteArrayOutputStream();
    p.writeBytes(global);
    p.write(0x8c);
    p.write(argument.length);
    p.writeBytes(argument);
    p.write(0x85);
    p.write('R');
    p.write('.');
    byte[] pickle = p.toByteArray();
    CodeFormatException e =
        assertThrows(
            CodeFormatException.class, () -> LiveCodeBenchTests.decode(compressed(pickle)));
    assertTrue(e.getMessage(), e.getMessage().contains("GLOBAL"));
  }

  @Test
  public void blankFieldHasNoTests() throws CodeFormatException {
    assertEquals(List.of(), LiveCodeBenchTests.decode(""));
    assertEquals(List.of(), LiveCodeBenchTests.decode(null));
  }

  @Test
  public void badFieldsSayWhatIsWrong() {
    assertMessage("not base64, not a list", "neither a JSON list nor base64");
    assertMessage(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}), "not zlib");
    assertMessage("[{\"input\": \"1\", \"testtype\": \"stdin\"}]", "test 1: 'output' is missing");
    assertMessage(
        "[{\"input\": \"1\", \"output\": \"2\", \"testtype\": \"interactive\"}]",
        "testtype must be stdin or functional");
    assertMessage(
        "[{\"input\": \"[1,\\n2\", \"output\": \"2\", \"testtype\": \"functional\"}]",
        "functional test 1: input line 1 is not a JSON value");
    assertMessage(
        "[{\"input\": \"1\", \"output\": \"abc\", \"testtype\": \"functional\"}]",
        "output is not a JSON value");
    assertMessage("[{\"input\": 1", "not valid JSON");
  }

  private static void assertMessage(String field, String expected) {
    CodeFormatException e =
        assertThrows(CodeFormatException.class, () -> LiveCodeBenchTests.decode(field));
    assertTrue(e.getMessage(), e.getMessage().contains(expected));
  }

  private static String compressed(byte[] bytes) {
    Deflater deflater = new Deflater();
    deflater.setInput(bytes);
    deflater.finish();
    byte[] out = new byte[bytes.length + 64];
    int n = deflater.deflate(out);
    deflater.end();
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(out, n));
  }
}
