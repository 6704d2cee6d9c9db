package io.mathbeam.core.code;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The last report line the LiveCodeBench harness wrote (see {@code lcb_harness.py}): a progress
 * line ({@code done} false: how many tests had passed) or the final one.
 *
 * @param done the harness finished and {@link #status} says how
 * @param status {@code ok}, {@code wrong}, {@code error}, {@code timeout}, {@code memory} or {@code
 *     output_limit}; empty on a progress line
 * @param passed tests that passed
 * @param test the 1-based number of the failing test, 0 when none failed
 * @param input the failing test's input (shortened), or null
 * @param expected its expected output (shortened), or null
 * @param got what the program answered (shortened), or null
 * @param error the error or traceback, or empty
 */
record HarnessReport(
    boolean done,
    String status,
    int passed,
    int test,
    String input,
    String expected,
    String got,
    String error) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The last well-formed line after {@code nonce} in the harness's stdout, or null when there is
   * none (the program ended the interpreter before the harness could report).
   */
  static HarnessReport find(String stdout, String nonce) {
    int at = stdout.lastIndexOf(nonce);
    while (at >= 0) {
      int start = at + nonce.length();
      int end = stdout.indexOf('\n', start);
      HarnessReport report = parse(stdout.substring(start, end < 0 ? stdout.length() : end));
      if (report != null) {
        return report;
      }
      at = at == 0 ? -1 : stdout.lastIndexOf(nonce, at - 1);
    }
    return null;
  }

  private static HarnessReport parse(String line) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      return null;
    }
    if (node == null || !node.isObject() || !node.path("passed").canConvertToInt()) {
      return null;
    }
    return new HarnessReport(
        node.path("done").asBoolean(false),
        node.path("status").asText(""),
        node.path("passed").asInt(),
        node.path("test").asInt(0),
        text(node, "input"),
        text(node, "expected"),
        text(node, "got"),
        node.path("error").asText(""));
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
