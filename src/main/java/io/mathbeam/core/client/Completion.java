package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * The first choice of a successful (200) generation response, read tolerantly (spec §3): unknown
 * fields ignored, reasoning from {@code reasoning}, then {@code reasoning_content}, then split off
 * before the last {@code </think>} of the text.
 *
 * @param text answer text; null when the server produced none
 * @param reasoning reasoning text; null when there is none
 * @param finishReason null if the server sent none
 */
record Completion(
    String text, String reasoning, String finishReason, int promptTokens, int completionTokens) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String THINK_OPEN = "<think>";
  private static final String THINK_CLOSE = "</think>";

  static Completion parse(String body, Api api) throws MalformedResponseException {
    JsonNode root;
    try {
      root = JSON.readTree(body == null ? "" : body);
    } catch (IOException e) {
      throw new MalformedResponseException("response body is not JSON: " + e.getMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new MalformedResponseException("response body is not a JSON object");
    }
    JsonNode choices = root.get("choices");
    if (choices == null || !choices.isArray() || choices.isEmpty() || !choices.get(0).isObject()) {
      throw new MalformedResponseException("response has no choices[0]");
    }
    JsonNode choice = choices.get(0);
    String content;
    String reasoning = null;
    if (api == Api.CHAT) {
      JsonNode message = choice.get("message");
      if (message == null || !message.isObject()) {
        throw new MalformedResponseException("chat response has no choices[0].message");
      }
      content = textOf(message.get("content"));
      reasoning = textOf(message.get("reasoning"));
      if (reasoning == null) {
        reasoning = textOf(message.get("reasoning_content"));
      }
    } else {
      if (!choice.has("text")) {
        throw new MalformedResponseException("completions response has no choices[0].text");
      }
      content = textOf(choice.get("text"));
    }
    if (reasoning == null && content != null) {
      int close = content.lastIndexOf(THINK_CLOSE);
      if (close >= 0) {
        reasoning = stripThinkOpen(content.substring(0, close));
        content = content.substring(close + THINK_CLOSE.length());
      }
    }
    JsonNode usage = root.get("usage");
    return new Completion(
        content == null || content.isEmpty() ? null : content,
        reasoning,
        textOf(choice.get("finish_reason")),
        intField(usage, "prompt_tokens"),
        intField(usage, "completion_tokens"));
  }

  /** A string field, or the concatenated {@code text} of a content-parts list; null otherwise. */
  private static String textOf(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.isTextual()) {
      return node.asText();
    }
    if (node.isArray()) {
      StringBuilder parts = new StringBuilder();
      for (JsonNode part : node) {
        if (part.hasNonNull("text")) {
          parts.append(part.get("text").asText());
        }
      }
      return parts.toString();
    }
    return node.asText();
  }

  private static String stripThinkOpen(String reasoning) {
    String stripped = reasoning.stripLeading();
    return stripped.startsWith(THINK_OPEN) ? stripped.substring(THINK_OPEN.length()) : reasoning;
  }

  private static int intField(JsonNode node, String name) {
    if (node == null || !node.isObject()) {
      return 0;
    }
    JsonNode value = node.get(name);
    return value != null && value.canConvertToInt() ? value.asInt() : 0;
  }
}
