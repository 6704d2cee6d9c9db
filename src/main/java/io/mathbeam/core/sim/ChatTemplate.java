package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The simulator's chat template and the request flags that shape it: {@code add_generation_prompt}
 * (default true) opens a new assistant turn; {@code continue_final_message} leaves the last
 * message, which must be the assistant's, open so that the response continues its text.
 */
final class ChatTemplate {
  /** Raised by vLLM's request model when both flags are true (a pydantic value error). */
  private static final String BOTH_GENERATION_FLAGS =
      "Value error, Cannot set both `continue_final_message` and `add_generation_prompt` to True.";

  /**
   * Raised by the chat template (transformers' {@code apply_chat_template}) when {@code
   * continue_final_message} is true and {@code add_generation_prompt} keeps its default, true.
   */
  private static final String GENERATION_FLAGS_INCOMPATIBLE =
      "continue_final_message and add_generation_prompt are not compatible. Use"
          + " continue_final_message when you want the model to continue the final message, and"
          + " add_generation_prompt when you want to add a header that will prompt it to start a"
          + " new assistant message instead.";

  /**
   * The simulator's answer to {@code continue_final_message} after a message that is not the
   * assistant's. The spec gives no wording, and vLLM renders such a request (the model then
   * continues the user's turn); the simulator refuses it so that a client bug shows.
   */
  private static final String CONTINUED_MESSAGE_NOT_ASSISTANT =
      "continue_final_message is set but the final message is not an assistant message.";

  private ChatTemplate() {}

  /**
   * vLLM's request-model check, run before any other validation: both flags truthy is a pydantic
   * value error.
   */
  static void checkGenerationFlags(JsonNode body) throws RequestRejectedException {
    if (truthy(body.get("continue_final_message")) && truthy(body.get("add_generation_prompt"))) {
      throw RequestRejectedException.validation(
          "value_error", null, BOTH_GENERATION_FLAGS, body.toString());
    }
  }

  /**
   * The text of the message a {@code continue_final_message} request continues, once the template
   * accepts the request: no generation prompt, and an assistant message last.
   */
  static String continuedMessage(JsonNode messages, boolean addGenerationPrompt)
      throws RequestRejectedException {
    if (addGenerationPrompt) {
      throw RequestRejectedException.badRequest(GENERATION_FLAGS_INCOMPATIBLE);
    }
    JsonNode last = messages.size() == 0 ? null : messages.get(messages.size() - 1);
    if (last == null || !"assistant".equals(last.path("role").asText())) {
      throw RequestRejectedException.badRequest(CONTINUED_MESSAGE_NOT_ASSISTANT);
    }
    return contentText(last.get("content"));
  }

  /**
   * The simulator's chat template (ChatML with an opened {@code <think>} block, like R1-distill
   * templates): what prompt token counts of the chat endpoint and /tokenize are computed from. With
   * {@code continueFinal} the last message is left open, so the model writes on after its text.
   */
  static String render(JsonNode messages, boolean addGenerationPrompt, boolean continueFinal) {
    StringBuilder rendered = new StringBuilder();
    int i = 0;
    for (JsonNode message : messages) {
      i++;
      rendered
          .append("<|im_start|>")
          .append(message.path("role").asText("user"))
          .append('\n')
          .append(contentText(message.get("content")));
      if (!continueFinal || i < messages.size()) {
        rendered.append("<|im_end|>\n");
      }
    }
    if (addGenerationPrompt) {
      rendered.append("<|im_start|>assistant\n<think>\n");
    }
    return rendered.toString();
  }

  /** A message's text: its content string, or the text parts of a content list joined. */
  static String contentText(JsonNode content) {
    if (content == null || content.isNull()) {
      return "";
    }
    if (content.isArray()) {
      StringBuilder text = new StringBuilder();
      for (JsonNode part : content) {
        if (part.hasNonNull("text")) {
          text.append(part.get("text").asText());
        }
      }
      return text.toString();
    }
    return content.asText();
  }

  /** Python truthiness of a raw JSON value, as vLLM's before-validators test it. */
  private static boolean truthy(JsonNode v) {
    if (v == null || v.isNull()) {
      return false;
    }
    if (v.isBoolean()) {
      return v.asBoolean();
    }
    if (v.isNumber()) {
      return v.asDouble() != 0;
    }
    return !v.isContainerNode() ? !v.asText().isEmpty() : v.size() > 0;
  }
}
