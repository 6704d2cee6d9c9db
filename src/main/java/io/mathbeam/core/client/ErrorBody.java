package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * The message of a non-200 response, from any envelope of spec §4.1: nested {@code
 * {"error":{...}}}, flat {@code {"object":"error","message":...}}, {@code {"error":"..."}}, or raw
 * text.
 *
 * @param message never null; the raw body (shortened) when no envelope was recognised
 * @param code the {@code code} field as text (servers send an int or a string); null if absent
 */
record ErrorBody(String message, String code) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_RAW_CHARS = 500;

  static ErrorBody parse(String body) {
    String raw = body == null ? "" : body.strip();
    JsonNode root;
    try {
      root = raw.isEmpty() ? null : JSON.readTree(raw);
    } catch (IOException notJson) {
      root = null;
    }
    if (root != null && root.isObject()) {
      JsonNode error = root.get("error");
      if (error != null && error.isObject()) {
        return fromFields(error, raw);
      }
      if (error != null && error.isTextual()) {
        return new ErrorBody(error.asText(), null);
      }
      if (root.hasNonNull("message")) {
        return fromFields(root, raw);
      }
      if (root.hasNonNull("detail")) {
        return new ErrorBody(root.get("detail").toString(), null);
      }
    }
    return new ErrorBody(shorten(raw), null);
  }

  private static ErrorBody fromFields(JsonNode node, String raw) {
    JsonNode message = node.get("message");
    JsonNode code = node.get("code");
    String text =
        message == null || message.isNull()
            ? shorten(raw)
            : message.isTextual() ? message.asText() : message.toString();
    return new ErrorBody(text, code == null || code.isNull() ? null : code.asText());
  }

  private static String shorten(String raw) {
    return raw.length() <= MAX_RAW_CHARS ? raw : raw.substring(0, MAX_RAW_CHARS) + "...";
  }
}
