package io.mathbeam.core.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.io.UncheckedIOException;

/**
 * JSON bodies sent to the server. Every sampling field is explicit, because omitted ones are filled
 * from the model's generation_config, not from OpenAI defaults (spec §2.3).
 */
final class GenerationRequestBody {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GenerationRequestBody() {}

  /**
   * A generation body with {@code n} choices; {@code request}'s seed is the first choice's, vLLM
   * gives choice i the seed + i (spec §9).
   */
  static byte[] generation(
      Api api,
      String model,
      SampleRequest request,
      PromptTemplate template,
      SamplingParams params,
      int maxTokens,
      int n,
      boolean stream) {
    ObjectNode root = prompt(api, model, request, template);
    root.put("temperature", params.temperature());
    root.put("top_p", params.topP());
    root.put("top_k", params.topK());
    root.put("min_p", params.minP());
    root.put("repetition_penalty", params.repetitionPenalty());
    root.put("max_tokens", maxTokens);
    root.put("seed", request.seed());
    if (!params.stop().isEmpty()) {
      ArrayNode stop = root.putArray("stop");
      params.stop().forEach(stop::add);
    }
    root.put("n", n);
    if (stream) {
      root.put("stream", true);
      // vLLM sends the usage chunk by default once stream_options is present; SGLang needs the flag
      root.putObject("stream_options").put("include_usage", true);
    }
    return bytes(root);
  }

  /** A {@code POST /tokenize} body that counts the same prompt tokens as the generation. */
  static byte[] tokenize(Api api, String model, SampleRequest request, PromptTemplate template) {
    return bytes(prompt(api, model, request, template));
  }

  private static ObjectNode prompt(
      Api api, String model, SampleRequest request, PromptTemplate template) {
    ObjectNode root = JSON.createObjectNode();
    root.put("model", model);
    if (api == Api.CHAT) {
      ArrayNode messages = root.putArray("messages");
      if (template.systemPrompt() != null) {
        messages.addObject().put("role", "system").put("content", template.systemPrompt());
      }
      messages.addObject().put("role", "user").put("content", template.userMessage(request));
      if (template.assistantPrefix() != null) {
        // vLLM: the model continues this message instead of starting a new one (spec §2.2)
        messages.addObject().put("role", "assistant").put("content", template.assistantPrefix());
        root.put("add_generation_prompt", false);
        root.put("continue_final_message", true);
      }
    } else {
      root.put("prompt", template.rawPrompt(request));
    }
    return root;
  }

  private static byte[] bytes(ObjectNode root) {
    try {
      return JSON.writeValueAsBytes(root);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
