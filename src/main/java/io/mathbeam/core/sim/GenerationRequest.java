package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A validated generation request with its effective sampling parameters (request value, then the
 * server's generation_config, then the OpenAI default; spec §2.3).
 *
 * @param prompts the rendered prompts (one for chat; one or more for completions)
 * @param lookupTexts the text searched for a known problem, per prompt
 * @param promptTokens token count of each prompt
 * @param maxTokens effective max_tokens
 * @param seed request seed, null when absent (or -1)
 * @param continuedMessage chat with {@code continue_final_message}: the text of the final assistant
 *     message, which the response continues; null otherwise
 */
record GenerationRequest(
    boolean chat,
    String requestId,
    List<String> prompts,
    List<String> lookupTexts,
    int[] promptTokens,
    String promptHash,
    int n,
    double temperature,
    double topP,
    int topK,
    double minP,
    double repetitionPenalty,
    int maxTokens,
    Long seed,
    List<String> stops,
    boolean stream,
    boolean includeUsage,
    boolean includeReasoning,
    String continuedMessage) {

  static final double GREEDY_EPSILON = 1e-5;

  boolean greedy() {
    return temperature < GREEDY_EPSILON;
  }

  int totalPromptTokens() {
    int sum = 0;
    for (int t : promptTokens) {
      sum += t;
    }
    return sum;
  }

  /** Parses and validates a request body in the order vLLM 0.10.x checks it. */
  static GenerationRequest parse(JsonNode body, boolean chat, SimConfig config, String headerId)
      throws RequestRejectedException {
    if (body == null || !body.isObject()) {
      throw RequestRejectedException.validation(
          "model_attributes_type", null, "Input should be a valid dictionary or object", "None");
    }
    if (chat) {
      ChatTemplate.checkGenerationFlags(body);
    }
    Integer n = optInt(body, "n");
    Double temperature = optDouble(body, "temperature");
    Double topP = optDouble(body, "top_p");
    Integer topK = optInt(body, "top_k");
    Double minP = optDouble(body, "min_p");
    Double repetition = optDouble(body, "repetition_penalty");
    Integer maxTokens = optInt(body, "max_tokens");
    if (chat) {
      Integer maxCompletion = optInt(body, "max_completion_tokens");
      if (maxCompletion != null) {
        maxTokens = maxCompletion;
      }
    }
    Integer minTokens = optInt(body, "min_tokens");
    Long seed = optLong(body, "seed");
    if (seed != null && seed == -1) {
      seed = null;
    }
    boolean stream = optBool(body, "stream", false);
    JsonNode streamOptions = body.get("stream_options");
    boolean includeUsage = false;
    if (streamOptions != null && !streamOptions.isNull()) {
      if (!stream) {
        throw RequestRejectedException.badRequest(
            "Stream options can only be defined when `stream=True`.");
      }
      JsonNode usage = streamOptions.get("include_usage");
      includeUsage = usage == null || usage.isNull() || usage.asBoolean(true);
    }
    List<String> stops = parseStops(body.get("stop"));
    JsonNode logprobs = body.get("logprobs");
    if (!chat && logprobs != null && logprobs.isIntegralNumber() && logprobs.asInt() > 20) {
      throw RequestRejectedException.badRequest(
          "Requested sample logprobs of "
              + logprobs.asInt()
              + ", which is greater than max allowed: 20");
    }
    JsonNode model = body.get("model");
    if (model != null
        && !model.isNull()
        && !model.asText().isEmpty()
        && !model.asText().equals(config.modelName())) {
      throw new RequestRejectedException(
          404, "NotFoundError", "The model `" + model.asText() + "` does not exist.");
    }
    String requestId = headerId;
    if (requestId == null && body.hasNonNull("request_id")) {
      requestId = body.get("request_id").asText();
    }
    List<String> prompts = new ArrayList<>();
    List<String> lookups = new ArrayList<>();
    String hashSource;
    String continuedMessage = null;
    if (chat) {
      JsonNode messages = body.get("messages");
      if (messages == null || messages.isNull()) {
        throw RequestRejectedException.validation("missing", "messages", "Field required", "{}");
      }
      if (!messages.isArray()) {
        throw RequestRejectedException.validation(
            "list_type", "messages", "Input should be a valid list", "'" + messages + "'");
      }
      boolean addGenerationPrompt = optBool(body, "add_generation_prompt", true);
      boolean continueFinal = optBool(body, "continue_final_message", false);
      if (continueFinal) {
        continuedMessage = ChatTemplate.continuedMessage(messages, addGenerationPrompt);
      }
      StringBuilder lookup = new StringBuilder();
      for (JsonNode message : messages) {
        if (!"assistant".equals(message.path("role").asText("user"))) {
          lookup.append(ChatTemplate.contentText(message.get("content"))).append('\n');
        }
      }
      String rendered = ChatTemplate.render(messages, addGenerationPrompt, continueFinal);
      prompts.add(rendered);
      lookups.add(lookup.toString());
      hashSource = messages.toString();
    } else {
      JsonNode prompt = body.get("prompt");
      if (prompt == null || prompt.isNull()) {
        throw RequestRejectedException.validation("missing", "prompt", "Field required", "{}");
      }
      if (prompt.isTextual()) {
        prompts.add(prompt.asText());
      } else if (prompt.isArray() && prompt.size() > 0 && prompt.get(0).isIntegralNumber()) {
        prompts.add(tokenIdsAsText(prompt));
      } else if (prompt.isArray()) {
        for (JsonNode p : prompt) {
          prompts.add(p.isArray() ? tokenIdsAsText(p) : p.asText());
        }
      } else {
        throw RequestRejectedException.validation(
            "string_type", "prompt", "Input should be a valid string", prompt.toString());
      }
      if (prompts.isEmpty() || prompts.stream().anyMatch(String::isEmpty)) {
        throw RequestRejectedException.badRequest("Prompt cannot be empty");
      }
      lookups.addAll(prompts);
      hashSource = prompt.isTextual() ? prompt.asText() : prompt.toString();
    }
    int[] promptTokens = new int[prompts.size()];
    for (int i = 0; i < prompts.size(); i++) {
      promptTokens[i] = SimTokenizer.count(prompts.get(i));
    }
    int window = config.maxModelLen();
    for (int m : promptTokens) {
      if (chat && maxTokens == null && m >= window) {
        throw RequestRejectedException.badRequest(
            "This model's maximum context length is "
                + window
                + " tokens. However, your request"
                + " has "
                + m
                + " input tokens. Please reduce the length of the input messages."
                + " None");
      }
      int x = maxTokens != null ? maxTokens : chat ? window - m : 16;
      if (m + x > window) {
        throw RequestRejectedException.badRequest(
            "'max_tokens' or 'max_completion_tokens' is too large: "
                + x
                + ". This model's maximum context length is "
                + window
                + " tokens and your request has "
                + m
                + " input tokens ("
                + x
                + " > "
                + window
                + " - "
                + m
                + ")."
                + (chat ? " None" : ""));
      }
    }
    Map<String, Double> defaults = config.generationConfig();
    int effectiveN = n == null ? 1 : n;
    double t = temperature != null ? temperature : defaults.getOrDefault("temperature", 1.0);
    double p = topP != null ? topP : defaults.getOrDefault("top_p", 1.0);
    int k = topK != null ? topK : defaults.getOrDefault("top_k", 0.0).intValue();
    double mp = minP != null ? minP : defaults.getOrDefault("min_p", 0.0);
    double rp = repetition != null ? repetition : defaults.getOrDefault("repetition_penalty", 1.0);
    int effectiveMax = maxTokens != null ? maxTokens : chat ? window - promptTokens[0] : 16;
    if (effectiveN < 1) {
      throw RequestRejectedException.badRequest("n must be at least 1, got " + effectiveN + ".");
    }
    if (t < 0) {
      throw RequestRejectedException.badRequest("temperature must be non-negative, got " + t + ".");
    }
    if (!(p > 0 && p <= 1)) {
      throw RequestRejectedException.badRequest("top_p must be in (0, 1], got " + p + ".");
    }
    if (k < -1) {
      throw RequestRejectedException.badRequest(
          "top_k must be 0 (disable), or at least 1, got " + k + ".");
    }
    if (!(mp >= 0 && mp <= 1)) {
      throw RequestRejectedException.badRequest("min_p must be in [0, 1], got " + mp + ".");
    }
    if (effectiveMax < 1) {
      throw RequestRejectedException.badRequest(
          "max_tokens must be at least 1, got " + effectiveMax + ".");
    }
    if (t < GREEDY_EPSILON && effectiveN > 1) {
      throw RequestRejectedException.badRequest(
          "n must be 1 when using greedy sampling, got " + effectiveN + ".");
    }
    if (minTokens != null && minTokens > effectiveMax) {
      throw RequestRejectedException.badRequest(
          "min_tokens must be less than or equal to max_tokens="
              + effectiveMax
              + ", got "
              + minTokens
              + ".");
    }
    if (stops.contains("")) {
      throw RequestRejectedException.badRequest("stop cannot contain an empty string.");
    }
    boolean includeReasoning = !chat || optBool(body, "include_reasoning", true);
    return new GenerationRequest(
        chat,
        requestId,
        List.copyOf(prompts),
        List.copyOf(lookups),
        promptTokens,
        StableHash.sha256Hex(hashSource, 16),
        effectiveN,
        t,
        p,
        k,
        mp,
        rp,
        effectiveMax,
        seed,
        stops,
        stream,
        includeUsage,
        includeReasoning,
        continuedMessage);
  }

  private static String tokenIdsAsText(JsonNode ids) {
    StringBuilder out = new StringBuilder();
    for (JsonNode id : ids) {
      out.append(out.length() == 0 ? "" : "|").append(id.asLong());
    }
    return out.toString();
  }

  private static List<String> parseStops(JsonNode stop) throws RequestRejectedException {
    if (stop == null || stop.isNull()) {
      return List.of();
    }
    if (stop.isTextual()) {
      return List.of(stop.asText());
    }
    if (stop.isArray()) {
      List<String> out = new ArrayList<>();
      for (JsonNode s : stop) {
        if (!s.isTextual()) {
          throw RequestRejectedException.validation(
              "string_type", "stop", "Input should be a valid string", s.toString());
        }
        out.add(s.asText());
      }
      return out;
    }
    throw RequestRejectedException.validation(
        "string_type", "stop", "Input should be a valid string", stop.toString());
  }

  private static Integer optInt(JsonNode body, String field) throws RequestRejectedException {
    JsonNode v = body.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (v.isIntegralNumber() && v.canConvertToInt()) {
      return v.asInt();
    }
    if (v.isFloatingPointNumber() && v.asDouble() == Math.rint(v.asDouble())) {
      return (int) v.asDouble();
    }
    throw RequestRejectedException.validation(
        "int_parsing", field, "Input should be a valid integer", quote(v));
  }

  private static Long optLong(JsonNode body, String field) throws RequestRejectedException {
    JsonNode v = body.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (v.isIntegralNumber() && v.canConvertToLong()) {
      return v.asLong();
    }
    throw RequestRejectedException.validation(
        "int_parsing", field, "Input should be a valid integer", quote(v));
  }

  private static Double optDouble(JsonNode body, String field) throws RequestRejectedException {
    JsonNode v = body.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (v.isNumber()) {
      return v.asDouble();
    }
    throw RequestRejectedException.validation(
        "float_parsing", field, "Input should be a valid number", quote(v));
  }

  private static boolean optBool(JsonNode body, String field, boolean fallback)
      throws RequestRejectedException {
    JsonNode v = body.get(field);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (v.isBoolean()) {
      return v.asBoolean();
    }
    throw RequestRejectedException.validation(
        "bool_parsing", field, "Input should be a valid boolean", quote(v));
  }

  private static String quote(JsonNode v) {
    return v.isTextual() ? "'" + v.asText() + "'" : v.toString();
  }
}
