package io.mathbeam.core.problems;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads one test-case field of a LiveCodeBench row ({@code public_test_cases}, {@code
 * private_test_cases}): a JSON list of {@code {"input", "output", "testtype"}} objects, {@code
 * testtype} being {@code stdin} or {@code functional}.
 *
 * <p>The field holds that list as a JSON string (or, in files written by hand, as the list itself).
 * The public release stores private tests compressed instead: base64 of zlib of a Python pickle of
 * the JSON string, which LiveCodeBench's loader unpickles in Python. Unpickling downloaded data can
 * run any code, so this reader never does: it inflates the bytes (at most {@link
 * #MAX_DECOMPRESSED_BYTES}) and reads the pickle with {@link PickledString}, which accepts a single
 * string and refuses every other opcode.
 *
 * <p>A functional test's input is one JSON value per line (the method's arguments) and its output
 * one JSON value; both are checked here, so that a bad row is rejected when it is read rather than
 * blamed on a model later.
 */
final class LiveCodeBenchTests {
  /** The most bytes a compressed field may inflate to. */
  static final int MAX_DECOMPRESSED_BYTES = 256 << 20;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * As Python's {@code json.loads}, which the harness uses: one value, NaN and Infinity allowed.
   */
  private static final ObjectMapper ARGUMENT =
      JsonMapper.builder()
          .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private LiveCodeBenchTests() {}

  /** The tests in a field's value (a string or an already decoded list); empty when blank. */
  static List<CodeTest> decode(Object value) throws CodeFormatException {
    if (value == null) {
      return List.of();
    }
    if (value instanceof List<?> list) {
      return tests(JSON.valueToTree(list));
    }
    if (!(value instanceof String text)) {
      throw new CodeFormatException(
          "expected a JSON list of tests or a string, got a " + kind(value));
    }
    String t = text.strip();
    if (t.isEmpty()) {
      return List.of();
    }
    if (t.startsWith("[")) {
      return tests(parse(t, "the field"));
    }
    return tests(parse(PickledString.read(inflate(base64(t))), "the unpickled text"));
  }

  /** A LiveCodeBench row's {@code testtype}. */
  static CodeTestType type(String testtype) throws CodeFormatException {
    return switch (testtype == null ? "" : testtype.strip().toLowerCase(Locale.ROOT)) {
      case "stdin" -> CodeTestType.STDIN;
      case "functional" -> CodeTestType.FUNCTIONAL;
      default ->
          throw new CodeFormatException(
              "testtype must be stdin or functional, got '" + testtype + "'");
    };
  }

  private static List<CodeTest> tests(JsonNode list) throws CodeFormatException {
    if (!list.isArray()) {
      throw new CodeFormatException("expected a JSON list of tests, got " + list.getNodeType());
    }
    List<CodeTest> tests = new ArrayList<>();
    for (JsonNode node : list) {
      int n = tests.size() + 1;
      if (!node.isObject()) {
        throw new CodeFormatException("test " + n + " is not a JSON object");
      }
      String input = text(node, "input", n);
      String output = text(node, "output", n);
      CodeTestType type;
      try {
        type = type(node.path("testtype").isTextual() ? node.get("testtype").asText() : null);
      } catch (CodeFormatException e) {
        throw new CodeFormatException("test " + n + ": " + e.getMessage());
      }
      if (type == CodeTestType.FUNCTIONAL) {
        checkFunctional(input, output, n);
      }
      tests.add(new CodeTest(input, output, type));
    }
    return tests;
  }

  private static void checkFunctional(String input, String output, int n)
      throws CodeFormatException {
    int line = 0;
    for (String arg : input.split("\n")) {
      line++;
      if (!arg.isBlank() && !isJson(arg)) {
        throw new CodeFormatException(
            "functional test " + n + ": input line " + line + " is not a JSON value");
      }
    }
    if (!isJson(output)) {
      throw new CodeFormatException("functional test " + n + ": output is not a JSON value");
    }
  }

  private static boolean isJson(String text) {
    try {
      JsonNode node = ARGUMENT.readTree(text);
      return node != null && !node.isMissingNode();
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  private static String text(JsonNode test, String field, int n) throws CodeFormatException {
    JsonNode v = test.get(field);
    if (v == null || !v.isTextual()) {
      throw new CodeFormatException(
          "test " + n + ": '" + field + "' is " + (v == null ? "missing" : "not a string"));
    }
    return v.asText();
  }

  private static JsonNode parse(String text, String what) throws CodeFormatException {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new CodeFormatException(what + " is not valid JSON: " + e.getOriginalMessage());
    }
  }

  private static byte[] base64(String text) throws CodeFormatException {
    try {
      return Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new CodeFormatException(
          "neither a JSON list nor base64 of compressed tests (" + e.getMessage() + ")");
    }
  }

  private static byte[] inflate(byte[] compressed) throws CodeFormatException {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(compressed);
      ByteArrayOutputStream out = new ByteArrayOutputStream(compressed.length * 4);
      byte[] chunk = new byte[1 << 16];
      while (!inflater.finished()) {
        int n = inflater.inflate(chunk);
        if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new CodeFormatException(
              "the compressed tests are cut off (zlib stream ends early)");
        }
        if (out.size() + n > MAX_DECOMPRESSED_BYTES) {
          throw new CodeFormatException(
              "the compressed tests inflate past " + (MAX_DECOMPRESSED_BYTES >> 20) + " MiB");
        }
        out.write(chunk, 0, n);
      }
      return out.toByteArray();
    } catch (DataFormatException e) {
      throw new CodeFormatException("base64 but not zlib-compressed: " + e.getMessage());
    } finally {
      inflater.end();
    }
  }

  private static String kind(Object value) {
    return value.getClass().getSimpleName();
  }
}
