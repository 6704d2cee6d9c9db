package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/** Endpoints, response shapes, validation and determinism of a simulated replica over HTTP. */
public class WireProtocolTest {
  private static SimulatedFleet fleet;
  private static String base;

  @BeforeClass
  public static void startFleet() {
    fleet =
        SimulatedFleet.start(
            SimConfig.builder()
                .replicas(2)
                .timeScale(20_000)
                .maxModelLen(4096)
                .medianOutputTokens(120)
                .build());
    base = fleet.endpoints().get(0);
  }

  @AfterClass
  public static void stopFleet() {
    fleet.close();
  }

  private static String chat(String content, String extra) {
    return "{\"model\":\""
        + SimConfig.DEFAULT_MODEL
        + "\",\"messages\":[{\"role\":\"user\","
        + "\"content\":"
        + HttpJson.JSON.valueToTree(content)
        + "}]"
        + extra
        + "}";
  }

  @Test
  public void endpointsAreLoopbackUrlsWithoutTrailingSlash() {
    assertEquals(2, fleet.endpoints().size());
    for (String url : fleet.endpoints()) {
      assertTrue(url, url.matches("http://127\\.0\\.0\\.1:\\d+"));
    }
    assertNotEquals(fleet.endpoints().get(0), fleet.endpoints().get(1));
  }

  @Test
  public void modelsListsServedModelWithMaxModelLen() throws Exception {
    JsonNode body = HttpJson.json(HttpJson.get(base + "/v1/models"));
    assertEquals("list", body.get("object").asText());
    JsonNode card = body.get("data").get(0);
    assertEquals(SimConfig.DEFAULT_MODEL, card.get("id").asText());
    assertEquals(4096, card.get("max_model_len").asInt());
    assertEquals("vllm", card.get("owned_by").asText());
  }

  @Test
  public void healthIsEmptyOkAndVersionIsReported() throws Exception {
    HttpResponse<String> health = HttpJson.get(base + "/health");
    assertEquals(200, health.statusCode());
    assertEquals("", health.body());
    assertEquals(
        "0.10.1.1", HttpJson.json(HttpJson.get(base + "/version")).get("version").asText());
  }

  @Test
  public void unknownPathIsNotFoundDetail() throws Exception {
    HttpResponse<String> response = HttpJson.get(base + "/v2/nothing");
    assertEquals(404, response.statusCode());
    assertEquals("Not Found", HttpJson.json(response).get("detail").asText());
  }

  @Test
  public void metricsExposeVllmSeriesWithEngineLabel() throws Exception {
    HttpJson.postJson(base + "/v1/completions", "{\"prompt\":\"count me\",\"max_tokens\":5}", 200);
    HttpResponse<String> response = HttpJson.get(base + "/metrics");
    assertEquals(200, response.statusCode());
    assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
    String text = response.body();
    for (String series :
        List.of(
            "vllm:num_requests_running{engine=\"0\"",
            "vllm:num_requests_waiting{engine=\"0\"",
            "vllm:kv_cache_usage_perc{engine=\"0\"",
            "vllm:request_success_total{engine=\"0\",finished_reason=\"length\"",
            "vllm:e2e_request_latency_seconds_bucket")) {
      assertTrue(series, text.contains(series));
    }
    assertTrue(metricValue(text, "vllm:generation_tokens_total") >= 5);
    assertTrue(metricValue(text, "vllm:prompt_tokens_total") >= 2);
  }

  static double metricValue(String text, String name) {
    for (String line : text.split("\n")) {
      if (line.startsWith(name + "{")) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError("no series " + name + " in\n" + text);
  }

  @Test
  public void tokenizeCountsMatchUsagePromptTokens() throws Exception {
    String body = chat("What is 2 + 3? Think hard.", ",\"max_tokens\":3");
    JsonNode tokenized = HttpJson.postJson(base + "/tokenize", body, 200);
    assertEquals(4096, tokenized.get("max_model_len").asInt());
    assertEquals(tokenized.get("count").asInt(), tokenized.get("tokens").size());
    JsonNode response = HttpJson.postJson(base + "/v1/chat/completions", body, 200);
    assertEquals(
        tokenized.get("count").asInt(), response.get("usage").get("prompt_tokens").asInt());
  }

  @Test
  public void completionsResponseHasBaselineFields() throws Exception {
    JsonNode body =
        HttpJson.postJson(
            base + "/v1/completions", "{\"prompt\":\"Say something\",\"seed\":1}", 200);
    assertTrue(body.get("id").asText().startsWith("cmpl-"));
    assertEquals("text_completion", body.get("object").asText());
    assertTrue(body.get("created").isIntegralNumber());
    JsonNode choice = body.get("choices").get(0);
    assertEquals(0, choice.get("index").asInt());
    assertTrue(choice.has("logprobs") && choice.get("logprobs").isNull());
    assertTrue(choice.has("stop_reason") && choice.get("stop_reason").isNull());
    assertTrue(body.has("system_fingerprint") && body.has("kv_transfer_params"));
    JsonNode usage = body.get("usage");
    // completions default max_tokens is 16
    assertEquals(16, usage.get("completion_tokens").asInt());
    assertEquals("length", choice.get("finish_reason").asText());
    assertEquals(usage.get("prompt_tokens").asInt() + 16, usage.get("total_tokens").asInt());
  }

  @Test
  public void chatWithoutMaxTokensRunsToItsNaturalEnd() throws Exception {
    JsonNode body =
        HttpJson.postJson(
            base + "/v1/chat/completions", chat("Tell me a story.", ",\"seed\":11"), 200);
    JsonNode choice = body.get("choices").get(0);
    assertTrue(body.get("id").asText().startsWith("chatcmpl-"));
    assertEquals("chat.completion", body.get("object").asText());
    assertEquals("assistant", choice.get("message").get("role").asText());
    assertTrue(choice.get("message").get("tool_calls").isArray());
    assertTrue(body.get("usage").get("completion_tokens").asInt() > 16);
  }

  @Test
  public void sameSeedGivesSameTextOnAnyReplicaAndOtherSeedsDiffer() throws Exception {
    String a = chat("Compute 7 * 8.", ",\"seed\":42,\"temperature\":0.6,\"max_tokens\":400");
    JsonNode first = HttpJson.postJson(fleet.endpoints().get(0) + "/v1/chat/completions", a, 200);
    JsonNode second = HttpJson.postJson(fleet.endpoints().get(1) + "/v1/chat/completions", a, 200);
    assertEquals(message(first, 0), message(second, 0));
    String b = a.replace("\"seed\":42", "\"seed\":43");
    JsonNode other = HttpJson.postJson(base + "/v1/chat/completions", b, 200);
    assertNotEquals(message(first, 0), message(other, 0));
  }

  @Test
  public void requestsWithoutSeedDiffer() throws Exception {
    String body = "{\"prompt\":\"Pick a number\",\"max_tokens\":30}";
    JsonNode first = HttpJson.postJson(base + "/v1/completions", body, 200);
    JsonNode second = HttpJson.postJson(base + "/v1/completions", body, 200);
    assertNotEquals(
        first.get("choices").get(0).get("text").asText(),
        second.get("choices").get(0).get("text").asText());
  }

  @Test
  public void nChoicesEqualSingleRequestsWithConsecutiveSeeds() throws Exception {
    String template = chat("Solve x + 1 = 3.", ",\"seed\":%d,\"n\":%d,\"max_tokens\":300");
    JsonNode batch =
        HttpJson.postJson(base + "/v1/chat/completions", String.format(template, 100, 4), 200);
    assertEquals(4, batch.get("choices").size());
    int completionSum = 0;
    List<String> singles = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      assertEquals(i, batch.get("choices").get(i).get("index").asInt());
      JsonNode single =
          HttpJson.postJson(
              base + "/v1/chat/completions", String.format(template, 100 + i, 1), 200);
      singles.add(message(single, 0));
      completionSum += single.get("usage").get("completion_tokens").asInt();
      assertEquals(
          batch.get("usage").get("prompt_tokens").asInt(),
          single.get("usage").get("prompt_tokens").asInt());
    }
    for (int i = 0; i < 4; i++) {
      assertEquals(singles.get(i), message(batch, i));
    }
    assertEquals(completionSum, batch.get("usage").get("completion_tokens").asInt());
  }

  @Test
  public void smallerMaxTokensGivesPrefixOfTheSameSample() throws Exception {
    String body = "{\"prompt\":\"Explain primes\",\"seed\":5,\"max_tokens\":%d}";
    String longer =
        HttpJson.postJson(base + "/v1/completions", String.format(body, 200), 200)
            .get("choices")
            .get(0)
            .get("text")
            .asText();
    String shorter =
        HttpJson.postJson(base + "/v1/completions", String.format(body, 40), 200)
            .get("choices")
            .get(0)
            .get("text")
            .asText();
    assertTrue(longer.startsWith(shorter));
    assertEquals(40, SimTokenizer.count(shorter));
  }

  private static String message(JsonNode body, int i) {
    JsonNode m = body.get("choices").get(i).get("message");
    return m.get("reasoning_content") + "|" + m.get("content");
  }

  @Test
  public void invalidSamplingParametersAreRejectedWithVllmMessages() throws Exception {
    String[][] cases = {
      {"\"n\":0", "n must be at least 1, got 0"},
      {"\"temperature\":-1", "temperature must be non-negative"},
      {"\"top_p\":0", "top_p must be in (0, 1]"},
      {"\"top_p\":1.5", "top_p must be in (0, 1]"},
      {"\"top_k\":-2", "top_k must be 0 (disable), or at least 1"},
      {"\"min_p\":1.5", "min_p must be in [0, 1]"},
      {"\"max_tokens\":0", "max_tokens must be at least 1, got 0"},
      {"\"temperature\":0,\"n\":2", "n must be 1 when using greedy sampling, got 2"},
      {"\"stop\":[\"\"]", "stop cannot contain an empty string."},
      {"\"stream_options\":{\"include_usage\":true}", "Stream options can only be defined"},
    };
    for (String[] c : cases) {
      for (String endpoint : List.of("/v1/completions", "/v1/chat/completions")) {
        String body =
            endpoint.endsWith("chat/completions")
                ? chat("hi", "," + c[0])
                : "{\"prompt\":\"hi\"," + c[0] + "}";
        JsonNode error = HttpJson.postJson(base + endpoint, body, 400).get("error");
        assertNotNull(body, error);
        assertTrue(error.get("message").asText(), error.get("message").asText().startsWith(c[1]));
        assertEquals("BadRequestError", error.get("type").asText());
        assertTrue(error.get("param").isNull());
        assertEquals(400, error.get("code").asInt());
      }
    }
  }

  @Test
  public void wrongTypeIsA400ValidationDumpAndUnknownFieldsAreIgnored() throws Exception {
    JsonNode error =
        HttpJson.postJson(base + "/v1/completions", "{\"prompt\":\"hi\",\"n\":\"x\"}", 400)
            .get("error");
    assertTrue(error.get("message").asText().contains("'loc': ('body', 'n')"));
    HttpJson.postJson(
        base + "/v1/completions",
        "{\"prompt\":\"hi\",\"max_tokens\":2,\"frobnicate\":true,\"chat_template_kwargs\":{}}",
        200);
  }

  @Test
  public void contextOverflowNamesTheNumbers() throws Exception {
    String probe = chat("Some problem statement that takes tokens.", "");
    int m = HttpJson.postJson(base + "/tokenize", probe, 200).get("count").asInt();
    int x = 4096 - m + 1;
    JsonNode error =
        HttpJson.postJson(
                base + "/v1/chat/completions",
                chat("Some problem statement that takes tokens.", ",\"max_tokens\":" + x),
                400)
            .get("error");
    assertEquals(
        "'max_tokens' or 'max_completion_tokens' is too large: "
            + x
            + ". This model's maximum context length is 4096 tokens and your request has "
            + m
            + " input tokens ("
            + x
            + " > 4096 - "
            + m
            + "). None",
        error.get("message").asText());
    // equality is allowed
    HttpJson.postJson(
        base + "/v1/chat/completions",
        chat("Some problem statement that takes tokens.", ",\"max_tokens\":" + (x - 1)),
        200);
    int promptTokens = SimTokenizer.count("Fill the window");
    JsonNode completions =
        HttpJson.postJson(
                base + "/v1/completions",
                "{\"prompt\":\"Fill the window\",\"max_tokens\":4096}",
                400)
            .get("error");
    assertTrue(
        completions.get("message").asText().endsWith("(4096 > 4096 - " + promptTokens + ")."));
  }

  @Test
  public void unknownModelIs404AndEmptyModelMeansServedOne() throws Exception {
    JsonNode error =
        HttpJson.postJson(base + "/v1/completions", "{\"model\":\"gpt-x\",\"prompt\":\"hi\"}", 404)
            .get("error");
    assertEquals("The model `gpt-x` does not exist.", error.get("message").asText());
    assertEquals("NotFoundError", error.get("type").asText());
    JsonNode ok =
        HttpJson.postJson(
            base + "/v1/completions", "{\"model\":\"\",\"prompt\":\"hi\",\"max_tokens\":2}", 200);
    assertEquals(SimConfig.DEFAULT_MODEL, ok.get("model").asText());
  }

  @Test
  public void nonJsonContentTypeIsRejected() throws Exception {
    HttpResponse<String> response =
        HttpJson.send(
            HttpRequest.newBuilder(URI.create(base + "/v1/completions"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{\"prompt\":\"hi\"}"))
                .build());
    assertEquals(400, response.statusCode());
    assertTrue(response.body().contains("Only 'application/json' is allowed"));
  }

  @Test
  public void defaultHttp2ClientHitsTheBodyDroppedError() throws Exception {
    HttpClient http2 =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_2)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    HttpResponse<String> response =
        http2.send(
            HttpRequest.newBuilder(URI.create(base + "/v1/completions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"prompt\":\"hi\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(400, response.statusCode());
    String message = HttpJson.json(response).get("error").get("message").asText();
    assertTrue(message, message.contains("'loc': ('body',)") && message.contains("Field required"));
  }

  @Test
  public void streamingEndsWithUsageAndDone() throws Exception {
    HttpResponse<String> response =
        HttpJson.post(
            base + "/v1/chat/completions",
            chat(
                "Stream it",
                ",\"seed\":3,\"n\":2,\"max_tokens\":60,\"stream\":true,"
                    + "\"stream_options\":{\"include_usage\":true}"));
    assertEquals(200, response.statusCode());
    String[] events = response.body().split("\n\n");
    assertEquals("data: [DONE]", events[events.length - 1]);
    JsonNode usage = HttpJson.JSON.readTree(events[events.length - 2].substring(6));
    assertEquals(0, usage.get("choices").size());
    assertTrue(usage.get("usage").get("completion_tokens").asInt() > 0);
    int finished = 0;
    for (int i = 0; i < events.length - 2; i++) {
      JsonNode chunk = HttpJson.JSON.readTree(events[i].substring(6));
      assertEquals(1, chunk.get("choices").size());
      if (!chunk.get("choices").get(0).get("finish_reason").isNull()) {
        finished++;
      }
    }
    assertEquals(2, finished);
  }

  @Test
  public void apiKeyGuardsOnlyV1Paths() throws Exception {
    try (SimulatedFleet guarded =
        SimulatedFleet.start(SimConfig.builder().replicas(1).apiKey("s3cret").build())) {
      String url = guarded.endpoints().get(0);
      HttpResponse<String> denied = HttpJson.get(url + "/v1/models");
      assertEquals(401, denied.statusCode());
      assertEquals("Unauthorized", HttpJson.json(denied).get("error").asText());
      assertEquals(200, HttpJson.get(url + "/health").statusCode());
      HttpResponse<String> allowed =
          HttpJson.send(
              HttpRequest.newBuilder(URI.create(url + "/v1/models"))
                  .header("Authorization", "Bearer s3cret")
                  .build());
      assertEquals(200, allowed.statusCode());
    }
  }

  @Test
  public void flatErrorShapeIsSelectable() throws Exception {
    try (SimulatedFleet legacy =
        SimulatedFleet.start(SimConfig.builder().replicas(1).errorShape(ErrorShape.FLAT).build())) {
      JsonNode body =
          HttpJson.postJson(
              legacy.endpoints().get(0) + "/v1/completions", "{\"prompt\":\"a\",\"n\":0}", 400);
      assertEquals("error", body.get("object").asText());
      assertTrue(body.get("message").asText().startsWith("n must be at least 1"));
      assertFalse(body.has("error"));
    }
  }
}
