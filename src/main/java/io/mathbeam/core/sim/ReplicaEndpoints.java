package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bodies of a replica's metadata endpoints: {@code /tokenize}, {@code /v1/models}, {@code
 * /sim/capacity}.
 */
final class ReplicaEndpoints {
  private final SimConfig config;
  private final int index;

  ReplicaEndpoints(SimConfig config, int index) {
    this.config = config;
    this.index = index;
  }

  void tokenize(HttpExchange exchange) throws IOException, RequestRejectedException {
    JsonNode body = SimExchanges.readJsonBody(exchange, config.rejectH2cUpgrade());
    String text;
    if (body.hasNonNull("messages")) {
      boolean continueFinal = body.path("continue_final_message").asBoolean(false);
      text =
          ChatTemplate.render(
              body.get("messages"),
              body.path("add_generation_prompt").asBoolean(!continueFinal),
              continueFinal);
    } else if (body.hasNonNull("prompt")) {
      text = body.get("prompt").asText();
    } else {
      throw RequestRejectedException.validation("missing", "prompt", "Field required", "{}");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    int[] ids = SimTokenizer.tokenIds(text);
    out.put("count", ids.length);
    out.put("max_model_len", config.maxModelLen());
    out.put("tokens", ids);
    out.put("token_strs", null);
    SimExchanges.sendJson(exchange, 200, out);
  }

  ObjectNode models(long createdSeconds) {
    ObjectNode body = ResponseBodies.JSON.createObjectNode();
    body.put("object", "list");
    ArrayNode data = body.putArray("data");
    ObjectNode card = data.addObject();
    card.put("id", config.modelName());
    card.put("object", "model");
    card.put("created", createdSeconds);
    card.put("owned_by", "vllm");
    card.put("root", "/models/" + config.modelName());
    card.putNull("parent");
    card.put("max_model_len", config.maxModelLen());
    ObjectNode permission = card.putArray("permission").addObject();
    permission.put("id", "modelperm-" + randomHex());
    permission.put("object", "model_permission");
    permission.put("created", createdSeconds);
    permission.put("allow_create_engine", false);
    permission.put("allow_sampling", true);
    permission.put("allow_logprobs", true);
    permission.put("allow_search_indices", false);
    permission.put("allow_view", true);
    permission.put("allow_fine_tuning", false);
    permission.put("organization", "*");
    permission.putNull("group");
    permission.put("is_blocking", false);
    return body;
  }

  Map<String, Object> capacity(String query, EngineMetrics metrics) {
    Map<String, String> params = new LinkedHashMap<>();
    if (query != null) {
      for (String pair : query.split("&")) {
        String[] kv = pair.split("=", 2);
        if (kv.length == 2) {
          params.put(kv[0], kv[1]);
        }
      }
    }
    double sigma = config.outputSigma();
    double meanOutput = config.medianOutputTokens() * Math.exp(sigma * sigma / 2);
    double p = parseOr(params.get("prompt_tokens"), metrics.meanPromptTokens(200));
    double o = parseOr(params.get("output_tokens"), meanOutput);
    int n = (int) parseOr(params.get("n"), 1);
    return CapacityModel.of(
            config.latencyOf(index), config.maxNumSeqs(), p, o, Math.max(1, n), config.timeScale())
        .asMap(config.replicas());
  }

  private static double parseOr(String value, double fallback) {
    try {
      return value == null ? fallback : Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  static String randomHex() {
    byte[] bytes = new byte[16];
    java.util.concurrent.ThreadLocalRandom.current().nextBytes(bytes);
    StringBuilder out = new StringBuilder(32);
    for (byte b : bytes) {
      out.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return out.toString();
  }
}
