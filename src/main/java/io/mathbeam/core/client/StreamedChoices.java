package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Assembles the events of a streamed generation response ({@code chat.completion.chunk} or
 * completions {@code text_completion} chunks, spec §5.2-5.3) into the {@link Completion}s the
 * non-streaming path produces for the same output. Choices are kept apart by {@code index} (any
 * number per chunk, in any interleaving); reasoning deltas are read from {@code reasoning}, else
 * {@code reasoning_content} (never both, servers may send the same text under both names).
 *
 * <p>The result is built by handing the assembled choices to {@link Completion#parseChoices}, so
 * the think-tag split (when the server put reasoning in the content), empty-text handling and the
 * per-choice token split are exactly the non-streaming ones. Token counts:
 *
 * <ul>
 *   <li>with a usage chunk ({@code stream_options.include_usage}): its prompt tokens, and its
 *       completion tokens split over the choices as {@link Completion#parseChoices} splits them;
 *   <li>with {@code continuous_usage_stats} (a {@code usage} on every chunk): each choice's last
 *       reported count;
 *   <li>with neither: prompt tokens 0 and, per choice, the number of chunks that carried text, a
 *       lower bound (servers coalesce tokens into chunks).
 * </ul>
 *
 * Not thread-safe: feed it from one thread, in stream order.
 */
final class StreamedChoices {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DONE = "[DONE]";

  private static final class Choice {
    final StringBuilder content = new StringBuilder();
    final StringBuilder reasoning = new StringBuilder();
    boolean sawReasoning;
    String finishReason;
    int textChunks;
    int reportedTokens = -1;
  }

  private final Api api;
  private final int expected;
  private final Map<Integer, Choice> choices = new TreeMap<>();
  private boolean done;
  private boolean usageSeen;
  private int promptTokens;
  private int completionTokens;

  /**
   * @param api the endpoint streamed from (chat deltas or completions text)
   * @param expected choices the request asked for ({@code n} times the prompts)
   */
  StreamedChoices(Api api, int expected) {
    if (expected < 1) {
      throw new IllegalArgumentException("expected must be >= 1, got " + expected);
    }
    this.api = api;
    this.expected = expected;
  }

  /**
   * Consumes the data of one event.
   *
   * @return true once {@code [DONE]} arrived; later events are ignored
   * @throws StreamErrorEventException when the event is an in-band error
   * @throws MalformedResponseException when the event is neither a chunk nor an error
   */
  boolean accept(String data) throws StreamErrorEventException, MalformedResponseException {
    if (done) {
      return true;
    }
    if (data.strip().equals(DONE)) {
      done = true;
      return true;
    }
    JsonNode chunk;
    try {
      chunk = JSON.readTree(data);
    } catch (IOException e) {
      throw new MalformedResponseException("stream event is not JSON: " + e.getMessage(), e);
    }
    if (chunk == null || !chunk.isObject()) {
      throw new MalformedResponseException("stream event is not a JSON object");
    }
    if (chunk.has("error") || "error".equals(chunk.path("object").asText())) {
      ErrorBody error = ErrorBody.parse(data);
      throw new StreamErrorEventException(error.message(), error.code());
    }
    JsonNode list = chunk.get("choices");
    JsonNode usage = chunk.get("usage");
    boolean hasUsage = usage != null && usage.isObject();
    if (list == null || !list.isArray()) {
      if (hasUsage) {
        readUsage(usage);
        return false;
      }
      throw new MalformedResponseException("stream chunk has no choices array");
    }
    if (list.isEmpty() && hasUsage) {
      readUsage(usage);
      return false;
    }
    for (JsonNode node : list) {
      if (!node.isObject()) {
        throw new MalformedResponseException("stream chunk has a choice that is not an object");
      }
      Choice choice = choices.computeIfAbsent(node.path("index").asInt(0), i -> new Choice());
      appendDelta(choice, node);
      JsonNode finish = node.get("finish_reason");
      if (finish != null && !finish.isNull()) {
        choice.finishReason = finish.asText();
      }
      if (hasUsage && list.size() == 1 && usage.path("completion_tokens").canConvertToInt()) {
        choice.reportedTokens = usage.get("completion_tokens").asInt();
      }
    }
    if (hasUsage && usage.path("prompt_tokens").canConvertToInt()) {
      promptTokens = usage.get("prompt_tokens").asInt();
    }
    return false;
  }

  /** Whether {@code [DONE]} arrived. */
  boolean done() {
    return done;
  }

  /**
   * The assembled choices in index order, as {@link Completion#parseChoices} would read the
   * equivalent non-streaming body.
   *
   * @throws IncompleteStreamException when {@code [DONE]} has not arrived
   * @throws MalformedResponseException when fewer than {@code expected} choices were streamed
   */
  List<Completion> result() throws IncompleteStreamException, MalformedResponseException {
    if (!done) {
      throw new IncompleteStreamException();
    }
    ObjectNode body = JSON.createObjectNode();
    ArrayNode list = body.putArray("choices");
    boolean allReported = !choices.isEmpty();
    for (Choice c : choices.values()) {
      allReported &= c.reportedTokens >= 0;
    }
    int fallbackTotal = 0;
    for (Map.Entry<Integer, Choice> e : choices.entrySet()) {
      Choice c = e.getValue();
      ObjectNode node = list.addObject();
      node.put("index", e.getKey());
      if (api == Api.CHAT) {
        ObjectNode message = node.putObject("message");
        message.put("content", c.content.toString());
        message.put("reasoning", c.sawReasoning ? c.reasoning.toString() : null);
      } else {
        node.put("text", c.content.toString());
      }
      node.put("finish_reason", c.finishReason);
      int own = allReported ? c.reportedTokens : c.textChunks;
      if (allReported || !usageSeen) {
        node.put("completion_tokens", own);
        fallbackTotal += own;
      }
    }
    ObjectNode usage = body.putObject("usage");
    usage.put("prompt_tokens", promptTokens);
    usage.put("completion_tokens", usageSeen ? completionTokens : fallbackTotal);
    return Completion.parseChoices(body.toString(), api, expected);
  }

  private void appendDelta(Choice choice, JsonNode node) {
    String content;
    String reasoning = null;
    if (api == Api.CHAT) {
      JsonNode delta = node.path("delta");
      content = text(delta.get("content"));
      reasoning = text(delta.get("reasoning"));
      if (reasoning == null) {
        reasoning = text(delta.get("reasoning_content"));
      }
    } else {
      content = text(node.get("text"));
    }
    boolean carried = false;
    if (content != null && !content.isEmpty()) {
      choice.content.append(content);
      carried = true;
    }
    if (reasoning != null) {
      choice.sawReasoning = true;
      choice.reasoning.append(reasoning);
      carried |= !reasoning.isEmpty();
    }
    if (carried) {
      choice.textChunks++;
    }
  }

  private void readUsage(JsonNode usage) {
    usageSeen = true;
    if (usage.path("prompt_tokens").canConvertToInt()) {
      promptTokens = usage.get("prompt_tokens").asInt();
    }
    if (usage.path("completion_tokens").canConvertToInt()) {
      completionTokens = usage.get("completion_tokens").asInt();
    }
  }

  private static String text(JsonNode node) {
    return node == null || !node.isTextual() ? null : node.asText();
  }
}
