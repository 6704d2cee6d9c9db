package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small TIR client for the tests, shaped like NeMo-Skills' code execution: it asks with the stop
 * string {@code ```\n}, runs the block the response stopped in, appends the fence and an {@code
 * ```output} block to the text so far and continues (chat: the text as a final assistant message
 * with {@code continue_final_message}; completions: the prompt followed by the text).
 */
final class TirConversation {
  static final String STOP = "```\n";
  private static final Pattern BOXED = Pattern.compile("\\\\boxed\\{([^}]*)\\}");

  /** One response: its new text and how it ended. */
  record Turn(String text, String finishReason, String stopReason) {
    boolean stoppedAtFence() {
      return "stop".equals(finishReason) && STOP.equals(stopReason);
    }
  }

  private final String base;
  private final boolean chat;
  private final String problem;
  private final long seed;
  private final List<Turn> turns = new ArrayList<>();
  private final List<String> codes = new ArrayList<>();
  private String soFar = "";

  TirConversation(String base, boolean chat, String problem, long seed) {
    this.base = base;
    this.chat = chat;
    this.problem = problem;
    this.seed = seed;
  }

  /**
   * Runs the conversation: every block the model stops at goes to {@code runner} (code to output)
   * and its output is appended; once {@code maxExecutions} blocks ran, the next request goes
   * without the stop string, so the model writes through to its end.
   */
  String run(UnaryOperator<String> runner, int maxExecutions) throws IOException {
    int executions = 0;
    Turn turn = next(executions < maxExecutions);
    while (turn.stoppedAtFence()) {
      codes.add(openBlock());
      appendOutput(runner.apply(openBlock()));
      executions++;
      turn = next(executions < maxExecutions);
    }
    return soFar;
  }

  /** Asks for the next response, with or without the stop string, and appends its text. */
  Turn next(boolean withStop) throws IOException {
    ObjectNode body = HttpJson.JSON.createObjectNode();
    body.put("seed", seed);
    body.put("temperature", 0.7);
    body.put("max_tokens", 2000);
    if (withStop) {
      body.putArray("stop").add(STOP);
    }
    JsonNode choice;
    if (chat) {
      ArrayNode messages = body.putArray("messages");
      messages.addObject().put("role", "user").put("content", problem);
      if (!soFar.isEmpty()) {
        messages.addObject().put("role", "assistant").put("content", soFar);
        body.put("continue_final_message", true);
        body.put("add_generation_prompt", false);
      }
      choice = post("/v1/chat/completions", body);
    } else {
      body.put("prompt", "Question: " + problem + "\nAnswer:\n" + soFar);
      choice = post("/v1/completions", body);
    }
    String text;
    if (chat) {
      JsonNode message = choice.get("message");
      text = message.path("reasoning_content").asText("") + message.path("content").asText("");
    } else {
      text = choice.get("text").asText();
    }
    Turn turn =
        new Turn(
            text,
            choice.get("finish_reason").asText(),
            choice.get("stop_reason").isNull() ? null : choice.get("stop_reason").asText());
    turns.add(turn);
    soFar += text;
    return turn;
  }

  private JsonNode post(String path, ObjectNode body) throws IOException {
    return HttpJson.postJson(base + path, body.toString(), 200).get("choices").get(0);
  }

  /** What the client appends after running the block the last response stopped in. */
  void appendOutput(String output) {
    soFar += STOP + "```output\n" + output + "\n```\n";
  }

  /** The code of the block the text so far ends in (its closing fence taken by the stop). */
  String openBlock() {
    int open = soFar.lastIndexOf("```python\n");
    return soFar.substring(open + "```python\n".length());
  }

  /** The blocks the client ran, in order. */
  List<String> executedCodes() {
    return codes;
  }

  List<Turn> turns() {
    return turns;
  }

  String soFar() {
    return soFar;
  }

  /** The content of the first {@code \boxed{}} of {@code text}. */
  static Optional<String> boxed(String text) {
    Matcher m = BOXED.matcher(text);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }
}
