package io.mathbeam.transforms;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.CodeExecutions;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of the generation cache: the sample key and what the server returned. The request itself
 * is not stored; a reused generation is re-attached to the current run's request (whose gold
 * answers may have been corrected since).
 */
final class CachedGenerationJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private CachedGenerationJson() {}

  static String line(String key, Generation g) {
    ObjectNode o = JSON.createObjectNode();
    o.put("key", key);
    o.put("text", g.text());
    o.put("reasoning", g.reasoning());
    o.put("finish_reason", g.finishReason());
    o.put("prompt_tokens", g.promptTokens());
    o.put("completion_tokens", g.completionTokens());
    o.put("latency_ms", g.latencyMs());
    o.put("replica", g.replica());
    o.put("attempts", g.attempts());
    if (g.codeExecutions() != null) {
      ArrayNode statuses = o.putArray("code_execution_statuses");
      g.codeExecutions().statuses().forEach(statuses::add);
      o.put("code_execution_ms", g.codeExecutions().millis());
    }
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The parsed line, or null when it is not a complete cache record (a write cut short). */
  static JsonNode parse(String line) {
    try {
      JsonNode node = JSON.readTree(line);
      return node != null && node.isObject() && node.hasNonNull("key") ? node : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /**
   * The key of a line that is a complete cache record, or null when it is not one (cut short, not
   * an object, or without a string key). Reads the line as a stream of tokens, decoding only the
   * key, because the generation cache is scanned whole for its keys while its texts are read later
   * by pointer.
   */
  static String keyOf(String line) {
    try (JsonParser parser = JSON.getFactory().createParser(line)) {
      return keyOf(parser);
    } catch (IOException e) {
      return null;
    }
  }

  /** {@link #keyOf(String)} of the first {@code length} UTF-8 bytes of {@code line}. */
  static String keyOf(byte[] line, int length) {
    try (JsonParser parser = JSON.getFactory().createParser(line, 0, length)) {
      return keyOf(parser);
    } catch (IOException e) {
      return null;
    }
  }

  private static String keyOf(JsonParser parser) throws IOException {
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    String key = null;
    JsonToken token;
    while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
      boolean isKey = "key".equals(parser.currentName());
      JsonToken value = parser.nextToken();
      if (isKey) {
        key = value == JsonToken.VALUE_STRING ? parser.getText() : null;
      }
      parser.skipChildren();
    }
    return token == JsonToken.END_OBJECT ? key : null;
  }

  static String key(JsonNode node) {
    return node.get("key").asText();
  }

  static Generation generation(JsonNode node, SampleRequest request) {
    return new Generation(
        request,
        text(node, "text"),
        text(node, "reasoning"),
        text(node, "finish_reason"),
        node.path("prompt_tokens").asInt(),
        node.path("completion_tokens").asInt(),
        node.path("latency_ms").asLong(),
        text(node, "replica"),
        node.path("attempts").asInt(),
        null,
        null,
        codeExecutions(node));
  }

  private static CodeExecutions codeExecutions(JsonNode node) {
    JsonNode statuses = node.get("code_execution_statuses");
    if (statuses == null || !statuses.isArray()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    statuses.forEach(s -> out.add(s.asText()));
    return new CodeExecutions(out, node.path("code_execution_ms").asLong());
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
