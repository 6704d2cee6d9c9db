package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One choice of a successful (200) generation response, read tolerantly (spec §3): unknown fields
 * ignored, reasoning from {@code reasoning}, then {@code reasoning_content}, then split off before
 * the last {@code </think>} of the text.
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
    return parseChoices(body, api, 1).get(0);
  }

  /**
   * The first {@code expected} choices in {@code index} order. {@code usage.prompt_tokens} counts
   * the prompt once (spec §3.3), so every choice gets it. {@code usage.completion_tokens} is the
   * sum over choices: a choice's own count is used when the server sends one ({@code
   * completion_tokens} or {@code usage.completion_tokens} inside the choice, a non-standard
   * extension); otherwise the total is split in proportion to each choice's characters (reasoning
   * plus text, at least one each), rounded so the parts add up to the total.
   */
  static List<Completion> parseChoices(String body, Api api, int expected)
      throws MalformedResponseException {
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
    if (choices.size() < expected) {
      throw new MalformedResponseException(
          "response has " + choices.size() + " choices, expected " + expected);
    }
    List<JsonNode> ordered = new ArrayList<>();
    choices.forEach(ordered::add);
    if (expected > 1) {
      ordered.sort(Comparator.comparingInt(choice -> choice.path("index").asInt(0)));
    }
    JsonNode usage = root.get("usage");
    int promptTokens = intField(usage, "prompt_tokens");
    int totalCompletion = intField(usage, "completion_tokens");
    List<String[]> parts = new ArrayList<>();
    List<String> finishReasons = new ArrayList<>();
    for (int i = 0; i < expected; i++) {
      JsonNode choice = ordered.get(i);
      if (!choice.isObject()) {
        throw new MalformedResponseException("choices[" + i + "] is not an object");
      }
      parts.add(textAndReasoning(choice, api, i));
      finishReasons.add(textOf(choice.get("finish_reason")));
    }
    int[] tokens =
        expected == 1 ? new int[] {totalCompletion} : splitTokens(ordered, parts, totalCompletion);
    List<Completion> out = new ArrayList<>();
    for (int i = 0; i < expected; i++) {
      String content = parts.get(i)[0];
      out.add(
          new Completion(
              content == null || content.isEmpty() ? null : content,
              parts.get(i)[1],
              finishReasons.get(i),
              promptTokens,
              tokens[i]));
    }
    return List.copyOf(out);
  }

  /** {content, reasoning} of one choice. */
  private static String[] textAndReasoning(JsonNode choice, Api api, int index)
      throws MalformedResponseException {
    String content;
    String reasoning = null;
    if (api == Api.CHAT) {
      JsonNode message = choice.get("message");
      if (message == null || !message.isObject()) {
        throw new MalformedResponseException("chat response has no choices[" + index + "].message");
      }
      content = textOf(message.get("content"));
      reasoning = textOf(message.get("reasoning"));
      if (reasoning == null) {
        reasoning = textOf(message.get("reasoning_content"));
      }
    } else {
      if (!choice.has("text")) {
        throw new MalformedResponseException(
            "completions response has no choices[" + index + "].text");
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
    return new String[] {content, reasoning};
  }

  private static int[] splitTokens(List<JsonNode> choices, List<String[]> parts, int total) {
    int n = parts.size();
    int[] own = new int[n];
    boolean allOwn = true;
    for (int i = 0; i < n; i++) {
      JsonNode choice = choices.get(i);
      JsonNode value =
          choice.has("completion_tokens")
              ? choice.get("completion_tokens")
              : choice.path("usage").get("completion_tokens");
      if (value != null && value.canConvertToInt()) {
        own[i] = value.asInt();
      } else {
        allOwn = false;
      }
    }
    if (allOwn) {
      return own;
    }
    long[] weights = new long[n];
    long weightSum = 0;
    for (int i = 0; i < n; i++) {
      String[] part = parts.get(i);
      weights[i] =
          Math.max(
              1,
              (part[0] == null ? 0 : part[0].length()) + (part[1] == null ? 0 : part[1].length()));
      weightSum += weights[i];
    }
    // Largest remainder: floors first, then one more token to the largest fractional parts.
    int[] split = new int[n];
    double[] remainder = new double[n];
    int assigned = 0;
    for (int i = 0; i < n; i++) {
      double exact = (double) total * weights[i] / weightSum;
      split[i] = (int) Math.floor(exact);
      remainder[i] = exact - split[i];
      assigned += split[i];
    }
    for (int left = total - assigned; left > 0; left--) {
      int best = 0;
      for (int i = 1; i < n; i++) {
        if (remainder[i] > remainder[best]) {
          best = i;
        }
      }
      split[best]++;
      remainder[best] = -1;
    }
    return split;
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
