package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.client.Api;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What makes two generations of the same sample interchangeable: API, model, sampling parameters,
 * prompt template and base seed. Runs that differ in any of these get different cache directories,
 * so a changed configuration never reuses a generation made under another. Endpoints are not part
 * of it: the same model on other servers gives the same samples.
 */
final class GenerationCacheKey {
  private GenerationCacheKey() {}

  static ObjectNode describe(
      Api api,
      String model,
      SamplingParams sampling,
      PromptTemplate template,
      long baseSeed,
      int maxCodeExecutions) {
    ObjectNode o = MetricsJson.JSON.createObjectNode();
    o.put("api", api.name());
    o.put("model", model);
    o.put("temperature", sampling.temperature());
    o.put("top_p", sampling.topP());
    o.put("top_k", sampling.topK());
    o.put("min_p", sampling.minP());
    o.put("repetition_penalty", sampling.repetitionPenalty());
    o.put("max_tokens", sampling.maxTokens());
    var stop = o.putArray("stop");
    sampling.stop().forEach(stop::add);
    o.put("system_prompt", template.systemPrompt());
    o.put("user_template", template.userTemplate());
    o.put("base_seed", baseSeed);
    if (maxCodeExecutions > 0) {
      // tool-integrated generations differ from plain ones of the same prompt and seed
      o.put("max_code_executions", maxCodeExecutions);
    }
    return o;
  }

  /** A short hex digest of {@link #describe}'s canonical JSON. */
  static String hash(ObjectNode description) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(description.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
