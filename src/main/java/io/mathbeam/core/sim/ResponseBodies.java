package io.mathbeam.core.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** JSON bodies of the simulated vLLM 0.10.x server (spec §3, §4.1, §5). */
final class ResponseBodies {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final int STREAM_CHUNK_TOKENS = 8;
  static final byte[] DONE_EVENT = "data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);

  private final SimConfig config;

  ResponseBodies(SimConfig config) {
    this.config = config;
  }

  byte[] error(int status, String type, String message) {
    ObjectNode body = JSON.createObjectNode();
    ObjectNode target = body;
    if (config.errorShape() == ErrorShape.NESTED) {
      target = body.putObject("error");
    } else {
      body.put("object", "error");
    }
    target.put("message", message);
    target.put("type", type);
    target.putNull("param");
    target.put("code", status);
    return bytes(body);
  }

  /** The non-streaming body of a finished request. */
  byte[] completion(
      GenerationRequest request, String id, long created, List<SimulatedModel.Choice> choices) {
    ObjectNode body = JSON.createObjectNode();
    body.put("id", (request.chat() ? "chatcmpl-" : "cmpl-") + id);
    body.put("object", request.chat() ? "chat.completion" : "text_completion");
    body.put("created", created);
    body.put("model", config.modelName());
    ArrayNode array = body.putArray("choices");
    for (int i = 0; i < choices.size(); i++) {
      SimulatedModel.Choice c = choices.get(i);
      ObjectNode choice = array.addObject();
      choice.put("index", i);
      if (request.chat()) {
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        String[] parts = split(c, request);
        message.put("content", parts[1]);
        message.putNull("refusal");
        message.putNull("annotations");
        message.putNull("audio");
        message.putNull("function_call");
        message.putArray("tool_calls");
        putReasoning(message, parts[0]);
        choice.putNull("logprobs");
        choice.put("finish_reason", c.finishReason());
        choice.put("stop_reason", c.stopReason());
      } else {
        choice.put("text", c.text());
        choice.putNull("logprobs");
        choice.put("finish_reason", c.finishReason());
        choice.put("stop_reason", c.stopReason());
        choice.putNull("prompt_logprobs");
      }
    }
    body.putNull("service_tier");
    body.putNull("system_fingerprint");
    body.set("usage", usage(request, choices));
    if (request.chat()) {
      body.putNull("prompt_logprobs");
    }
    body.putNull("kv_transfer_params");
    return bytes(body);
  }

  /**
   * The whole SSE stream of a finished request in one body, for the slow-body fault (paced streams
   * are written by {@link PacedEventStream}).
   */
  byte[] stream(
      GenerationRequest request, String id, long created, List<SimulatedModel.Choice> choices) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String fullId = fullId(request, id);
    if (request.chat()) {
      for (int i = 0; i < choices.size(); i++) {
        event(out, roleChunk(fullId, created, i));
      }
    }
    for (int i = 0; i < choices.size(); i++) {
      SimulatedModel.Choice c = choices.get(i);
      String[] parts = request.chat() ? split(c, request) : new String[] {null, c.text()};
      List<String> reasoning = pieces(parts[0]);
      List<String> content = pieces(parts[1]);
      int total = reasoning.size() + content.size();
      int sent = 0;
      for (String piece : reasoning) {
        sent++;
        ObjectNode delta = JSON.createObjectNode();
        putReasoning(delta, piece);
        boolean last = sent == total;
        event(
            out,
            chatChunk(
                fullId, created, i, delta, last ? c.finishReason() : null, c.stopReason(), last));
      }
      for (String piece : content) {
        sent++;
        boolean last = sent == total;
        if (request.chat()) {
          ObjectNode delta = JSON.createObjectNode();
          delta.put("content", piece);
          event(
              out,
              chatChunk(
                  fullId, created, i, delta, last ? c.finishReason() : null, c.stopReason(), last));
        } else {
          event(
              out,
              textChunk(
                  fullId,
                  created,
                  i,
                  piece,
                  last ? c.finishReason() : null,
                  last ? c.stopReason() : null));
        }
      }
      if (total == 0) {
        if (request.chat()) {
          event(
              out,
              chatChunk(
                  fullId,
                  created,
                  i,
                  JSON.createObjectNode(),
                  c.finishReason(),
                  c.stopReason(),
                  true));
        } else {
          event(out, textChunk(fullId, created, i, "", c.finishReason(), c.stopReason()));
        }
      }
    }
    if (request.includeUsage()) {
      event(out, usageChunk(request, fullId, created, choices));
    }
    out.write(DONE_EVENT, 0, DONE_EVENT.length);
    return out.toByteArray();
  }

  static String fullId(GenerationRequest request, String id) {
    return (request.chat() ? "chatcmpl-" : "cmpl-") + id;
  }

  /** The first chunk of a chat choice: {@code delta: {"role":"assistant","content":""}}. */
  ObjectNode roleChunk(String fullId, long created, int index) {
    ObjectNode delta = JSON.createObjectNode();
    delta.put("role", "assistant");
    delta.put("content", "");
    return chatChunk(fullId, created, index, delta, null, null, false);
  }

  /** The last chunk before {@code [DONE]}: no choices, the request's usage. */
  ObjectNode usageChunk(
      GenerationRequest request, String fullId, long created, List<SimulatedModel.Choice> choices) {
    ObjectNode chunk = JSON.createObjectNode();
    chunk.put("id", fullId);
    chunk.put("object", request.chat() ? "chat.completion.chunk" : "text_completion");
    chunk.put("created", created);
    chunk.put("model", config.modelName());
    chunk.putArray("choices");
    chunk.set("usage", usage(request, choices));
    return chunk;
  }

  /** An in-band error event of a stream that already answered 200 (spec §4.1, §5.1). */
  byte[] errorEvent(int status, String type, String message) {
    ObjectNode body = JSON.createObjectNode();
    ObjectNode error = body.putObject("error");
    if (config.errorShape() == ErrorShape.FLAT) {
      error.put("object", "error");
    }
    error.put("message", message);
    error.put("type", type);
    error.putNull("param");
    error.put("code", status);
    return event(body);
  }

  ObjectNode chatChunk(
      String id,
      long created,
      int index,
      ObjectNode delta,
      String finish,
      String stopReason,
      boolean last) {
    ObjectNode chunk = JSON.createObjectNode();
    chunk.put("id", id);
    chunk.put("object", "chat.completion.chunk");
    chunk.put("created", created);
    chunk.put("model", config.modelName());
    ObjectNode choice = chunk.putArray("choices").addObject();
    choice.put("index", index);
    choice.set("delta", delta);
    choice.putNull("logprobs");
    choice.put("finish_reason", finish);
    if (last) {
      choice.put("stop_reason", stopReason);
    }
    return chunk;
  }

  ObjectNode textChunk(
      String id, long created, int index, String text, String finish, String stopReason) {
    ObjectNode chunk = JSON.createObjectNode();
    chunk.put("id", id);
    chunk.put("object", "text_completion");
    chunk.put("created", created);
    chunk.put("model", config.modelName());
    ObjectNode choice = chunk.putArray("choices").addObject();
    choice.put("index", index);
    choice.put("text", text);
    choice.putNull("logprobs");
    choice.put("finish_reason", finish);
    choice.put("stop_reason", stopReason);
    chunk.putNull("usage");
    return chunk;
  }

  private static List<String> pieces(String text) {
    if (text == null || text.isEmpty()) {
      return List.of();
    }
    int[] ends = SimTokenizer.tokenEnds(text);
    java.util.ArrayList<String> out = new java.util.ArrayList<>();
    int start = 0;
    for (int t = STREAM_CHUNK_TOKENS - 1; t < ends.length; t += STREAM_CHUNK_TOKENS) {
      out.add(text.substring(start, ends[t]));
      start = ends[t];
    }
    if (start < text.length()) {
      out.add(text.substring(start));
    }
    return out;
  }

  /**
   * {reasoning, content} of a chat choice per the configured reasoning mode (spec §3.6). A judge's
   * reply is all content, as from a model whose parser finds no reasoning to split off.
   */
  private String[] split(SimulatedModel.Choice c, GenerationRequest request) {
    if (config.reasoningField() == ReasoningField.INLINE || c.judgeReply()) {
      return new String[] {null, c.text()};
    }
    String reasoning;
    String content;
    if (c.thinkEnd() >= 0) {
      reasoning = c.text().substring(0, c.thinkEnd());
      content = c.text().substring(c.thinkEnd() + SimulatedModel.THINK_END.length());
      content = content.isEmpty() ? null : content;
    } else {
      reasoning = c.text();
      content = null;
    }
    return new String[] {request.includeReasoning() ? reasoning : null, content};
  }

  void putReasoning(ObjectNode node, String reasoning) {
    switch (config.reasoningField()) {
      case REASONING_CONTENT:
        node.put("reasoning_content", reasoning);
        break;
      case REASONING:
        node.put("reasoning", reasoning);
        break;
      case BOTH:
        node.put("reasoning", reasoning);
        node.put("reasoning_content", reasoning);
        break;
      default:
        break;
    }
  }

  private static ObjectNode usage(GenerationRequest request, List<SimulatedModel.Choice> choices) {
    int completion = 0;
    for (SimulatedModel.Choice c : choices) {
      completion += c.completionTokens();
    }
    ObjectNode usage = JSON.createObjectNode();
    usage.put("prompt_tokens", request.totalPromptTokens());
    usage.put("total_tokens", request.totalPromptTokens() + completion);
    usage.put("completion_tokens", completion);
    usage.putNull("prompt_tokens_details");
    return usage;
  }

  private static void event(ByteArrayOutputStream out, ObjectNode chunk) {
    byte[] data = event(chunk);
    out.write(data, 0, data.length);
  }

  /** One SSE event: {@code data: <compact JSON>} and a blank line. */
  static byte[] event(ObjectNode chunk) {
    return ("data: " + chunk + "\n\n").getBytes(StandardCharsets.UTF_8);
  }

  static byte[] bytes(Object body) {
    try {
      return JSON.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a simulator response", e);
    }
  }
}
