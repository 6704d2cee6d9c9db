package io.mathbeam.core.client;

import static io.mathbeam.core.client.ScriptedServer.chatBody;
import static io.mathbeam.core.client.ScriptedServer.nestedError;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Rule;
import org.junit.Test;

public class OpenAiClientTest {
  private static final SamplingParams PARAMS =
      new SamplingParams(0.6, 0.95, 20, 0.05, 1.0, 32768, List.of("</answer>"));

  @Rule public final ClosingRule closing = new ClosingRule();
  private final RecordingScheduler scheduler = track(new RecordingScheduler());

  @Test
  public void retriesOn503ThenSucceeds() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                index < 2
                    ? Reply.json(503, nestedError("The request queue is full.", 503))
                    : Reply.json(200, chatBody("The answer is 2.", null, "stop")));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertNull(generation.errorMessage(), generation.errorClass());
    assertEquals(3, generation.attempts());
    assertEquals("The answer is 2.", generation.text());
    assertEquals(server.url(), generation.replica());
    List<Duration> delays = scheduler.delays();
    assertEquals(2, delays.size());
    assertTrue(delays.get(0).compareTo(Duration.ofMillis(500)) <= 0);
    assertTrue(delays.get(1).compareTo(Duration.ofMillis(1000)) <= 0);
    assertEquals(2, client.stats().retries());
    assertEquals(3, client.stats().requestsSent());
  }

  @Test
  public void retriesOn429HonouringRetryAfter() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                index == 0
                    ? Reply.json(429, nestedError("rate limited", 429))
                        .withHeader("Retry-After", "7")
                    : Reply.json(200, chatBody("ok", null, "stop")));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertFalse(generation.errorMessage(), generation.failed());
    assertEquals(2, generation.attempts());
    assertEquals(List.of(Duration.ofSeconds(7)), scheduler.delays());
  }

  @Test
  public void rateLimitedOnEveryAttemptFailsAsRateLimited() throws Exception {
    ScriptedServer server = server((request, index) -> Reply.json(408, "Request Timeout"));
    OpenAiClient client = client(config(server).maxAttempts(3).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.RATE_LIMITED, generation.errorClass());
    assertEquals(3, generation.attempts());
  }

  @Test
  public void failsAtOnceOn404WithNestedErrorMessage() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(404, nestedError("The model `foo` does not exist.", 404)));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.BAD_REQUEST, generation.errorClass());
    assertEquals(1, generation.attempts());
    assertTrue(generation.errorMessage(), generation.errorMessage().contains("does not exist"));
    assertTrue(scheduler.delays().isEmpty());
    assertEquals(1L, (long) client.stats().failuresByClass().get("BAD_REQUEST"));
  }

  @Test
  public void failsAtOnceOn401WithoutLeakingTheApiKey() throws Exception {
    ScriptedServer server =
        server((request, index) -> Reply.json(401, "{\"error\": \"Unauthorized\"}"));
    ClientConfig config = config(server).apiKey("sk-secret-123").build();
    OpenAiClient client = client(config);

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.BAD_REQUEST, generation.errorClass());
    assertEquals(1, generation.attempts());
    assertTrue(generation.errorMessage(), generation.errorMessage().contains("Unauthorized"));
    assertFalse(generation.errorMessage().contains("sk-secret-123"));
    assertFalse(config.toString().contains("sk-secret-123"));
    assertEquals(
        "Bearer sk-secret-123", server.generationRequests().get(0).header("Authorization"));
  }

  @Test
  public void flatErrorEnvelopeOn400IsABadRequestWithItsMessage() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    400,
                    "{\"object\":\"error\",\"message\":\"top_p must be in (0, 1], got 2.0.\","
                        + "\"type\":\"BadRequestError\",\"param\":null,\"code\":400}"));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.BAD_REQUEST, generation.errorClass());
    assertTrue(generation.errorMessage(), generation.errorMessage().contains("top_p must be in"));
  }

  @Test
  public void serverErrorOnEveryAttemptFailsAsServerErrorWithRawBody() throws Exception {
    ScriptedServer server =
        server((request, index) -> Reply.json(500, "Internal Server Error (raw text)"));
    OpenAiClient client = client(config(server).maxAttempts(4).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.SERVER_ERROR, generation.errorClass());
    assertEquals(4, generation.attempts());
    assertTrue(generation.errorMessage(), generation.errorMessage().contains("(raw text)"));
    assertEquals(4, server.generationRequests().size());
  }

  @Test
  public void contextOverflowRetriesOnceWithCappedMaxTokens() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                request.json().get("max_tokens").asInt() > 3996
                    ? Reply.json(
                        400,
                        nestedError(
                            "'max_tokens' or 'max_completion_tokens' is too large: "
                                + request.json().get("max_tokens").asInt()
                                + ". This model's maximum context length is 4096 tokens and your"
                                + " request has 100 input tokens ("
                                + request.json().get("max_tokens").asInt()
                                + " > 4096 - 100). None",
                            400))
                    : Reply.json(200, chatBody("4", null, "stop")));
    server.modelsBody = ScriptedServer.modelsJson("test-model", 4096);
    OpenAiClient client = client(config(server).build());

    Generation first = generate(client, request("p1", 0));
    Generation second = generate(client, request("p1", 1));

    assertFalse(first.errorMessage(), first.failed());
    assertEquals(2, first.attempts());
    assertFalse(second.errorMessage(), second.failed());
    assertEquals(1, second.attempts());
    List<Integer> sent = new ArrayList<>();
    server.generationRequests().forEach(r -> sent.add(r.json().get("max_tokens").asInt()));
    // 4096 = capped to max_model_len up front; 3996 = N - M from the error; then learned.
    assertEquals(List.of(4096, 3996, 3996), sent);
    assertTrue(scheduler.delays().isEmpty());
  }

  @Test
  public void contextOverflowWithPromptAloneTooLongFailsWithoutRetry() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    400,
                    nestedError(
                        "This model's maximum context length is 4096 tokens. However, your"
                            + " request has 5000 input tokens. Please reduce the length of the"
                            + " input messages. None",
                        400)));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.CONTEXT_OVERFLOW, generation.errorClass());
    assertEquals(1, generation.attempts());
  }

  @Test
  public void contextOverflowThatPersistsAfterTheCappedRetryFails() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    400,
                    nestedError(
                        "This model's maximum context length is 4096 tokens. However, you"
                            + " requested 4196 tokens (100 in the messages, 4096 in the"
                            + " completion). Please reduce the length of the messages or"
                            + " completion.",
                        400)));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.CONTEXT_OVERFLOW, generation.errorClass());
    assertEquals(2, generation.attempts());
    assertEquals(3996, server.generationRequests().get(1).json().get("max_tokens").asInt());
  }

  @Test
  public void contextOverflowWithLowerBoundOnlyAsksTokenizeForThePromptLength() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                request.json().get("max_tokens").asInt() > 3900
                    ? Reply.json(
                        400,
                        nestedError(
                            "This model's maximum context length is 4096 tokens. However, you"
                                + " requested 32768 output tokens and your prompt contains at"
                                + " least 3 input tokens, for a total of at least 32771 tokens.",
                            400))
                    : Reply.json(200, chatBody("4", null, "stop")));
    server.tokenizeCount = 196;
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertFalse(generation.errorMessage(), generation.failed());
    assertEquals(3900, server.generationRequests().get(1).json().get("max_tokens").asInt());
    assertEquals(1, server.count("/tokenize"));
  }

  @Test
  public void connectionResetIsRetried() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                index == 0
                    ? Reply.dropConnection()
                    : Reply.json(200, chatBody("ok", null, "stop")));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertFalse(generation.errorMessage(), generation.failed());
    assertEquals(2, generation.attempts());
    assertTrue("the stale-connection retry is immediate", scheduler.delays().isEmpty());
  }

  @Test
  public void repeatedConnectionResetsBackOffAndFailAsConnection() throws Exception {
    ScriptedServer server = server((request, index) -> Reply.dropConnection());
    OpenAiClient client = client(config(server).maxAttempts(3).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.CONNECTION, generation.errorClass());
    assertEquals(3, generation.attempts());
    assertEquals(1, scheduler.delays().size());
  }

  @Test
  public void connectionRefusedFailsAsConnectionAfterMaxAttempts() throws Exception {
    String deadUrl;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      deadUrl = "http://127.0.0.1:" + socket.getLocalPort();
    }
    OpenAiClient client =
        client(ClientConfig.builder(List.of(deadUrl)).model("m").maxAttempts(3).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.CONNECTION, generation.errorClass());
    assertEquals(3, generation.attempts());
    assertEquals(deadUrl, generation.replica());
  }

  @Test
  public void slowResponseIsRetriedThenReportedAsTimeout() throws Exception {
    ScriptedServer server =
        server((request, index) -> Reply.json(200, chatBody("late", null, "stop")).delayed(1500));
    OpenAiClient client =
        client(config(server).requestTimeout(Duration.ofMillis(200)).maxAttempts(2).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.TIMEOUT, generation.errorClass());
    assertEquals(2, generation.attempts());
  }

  @Test
  public void malformed200IsRetriedThenReportedAsMalformed() throws Exception {
    ScriptedServer server = server((request, index) -> Reply.json(200, "<html>oops</html>"));
    OpenAiClient client = client(config(server).maxAttempts(2).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals(ErrorClass.MALFORMED_RESPONSE, generation.errorClass());
    assertEquals(2, generation.attempts());
  }

  @Test
  public void finishReasonAbortIsRetried() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200, chatBody(index == 0 ? null : "ok", null, index == 0 ? "abort" : "stop")));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertEquals("stop", generation.finishReason());
    assertEquals(2, generation.attempts());
  }

  @Test
  public void sendsExplicitSamplingFieldsInChatBody() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    OpenAiClient client = client(config(server).build());
    PromptTemplate template = new PromptTemplate("You are careful.", "Solve: {problem}");

    client.generate(request("p1", 3), template, PARAMS).get(10, TimeUnit.SECONDS);

    JsonNode body = server.generationRequests().get(0).json();
    assertEquals("test-model", body.get("model").asText());
    assertEquals("system", body.get("messages").get(0).get("role").asText());
    assertEquals("You are careful.", body.get("messages").get(0).get("content").asText());
    assertEquals("user", body.get("messages").get(1).get("role").asText());
    assertEquals("Solve: What is 1+1? (p1)", body.get("messages").get(1).get("content").asText());
    assertEquals(0.6, body.get("temperature").asDouble(), 0);
    assertEquals(0.95, body.get("top_p").asDouble(), 0);
    assertEquals(20, body.get("top_k").asInt());
    assertEquals(0.05, body.get("min_p").asDouble(), 0);
    assertEquals(1.0, body.get("repetition_penalty").asDouble(), 0);
    assertEquals(32768, body.get("max_tokens").asInt());
    assertEquals(1003, body.get("seed").asLong());
    assertEquals("</answer>", body.get("stop").get(0).asText());
    assertEquals(1, body.get("n").asInt());
    assertFalse(body.has("prompt"));
    assertTrue(
        server.generationRequests().get(0).header("Content-Type").startsWith("application/json"));
  }

  @Test
  public void omitsStopWhenEmpty() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    OpenAiClient client = client(config(server).build());

    client
        .generate(request("p1", 0), PromptTemplate.defaults(), SamplingParams.defaults())
        .get(10, TimeUnit.SECONDS);

    assertFalse(server.generationRequests().get(0).json().has("stop"));
  }

  @Test
  public void usesHttp11WithoutUpgradeHeader() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    OpenAiClient client = client(config(server).build());

    generate(client, request("p1", 0));

    ScriptedServer.Recorded seen = server.generationRequests().get(0);
    assertEquals("HTTP/1.1", seen.protocol());
    assertNull(seen.header("Upgrade"));
    assertNull(seen.header("HTTP2-Settings"));
  }

  @Test
  public void completionsApiSendsRawPromptAndSplitsInlineThink() throws Exception {
    ScriptedServer server =
        server(
            (request, index) ->
                Reply.json(
                    200,
                    "{\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"choices\":[{\"index\":0,"
                        + "\"text\":\"<think>1+1 is 2</think>\\n\\nThe answer is \\\\boxed{2}.\","
                        + "\"logprobs\":null,\"finish_reason\":\"stop\",\"stop_reason\":null}],"
                        + "\"usage\":{\"prompt_tokens\":12,\"total_tokens\":30,"
                        + "\"completion_tokens\":18}}"));
    OpenAiClient client = client(config(server).api(Api.COMPLETIONS).build());
    PromptTemplate template = new PromptTemplate("System.", "Q: {problem}");

    Generation generation =
        client.generate(request("p1", 0), template, PARAMS).get(10, TimeUnit.SECONDS);

    ScriptedServer.Recorded seen = server.generationRequests().get(0);
    assertEquals("/v1/completions", seen.path());
    assertEquals(template.rawPrompt("What is 1+1? (p1)"), seen.json().get("prompt").asText());
    assertFalse(seen.json().has("messages"));
    assertEquals("1+1 is 2", generation.reasoning());
    assertEquals("\n\nThe answer is \\boxed{2}.", generation.text());
    assertEquals(12, generation.promptTokens());
    assertEquals(18, generation.completionTokens());
  }

  @Test
  public void chatReasoningFieldAndUsageReachTheGeneration() throws Exception {
    ScriptedServer server =
        server((request, index) -> Reply.json(200, chatBody(null, "reasoning_content", "length")));
    OpenAiClient client = client(config(server).build());

    Generation generation = generate(client, request("p1", 0));

    assertFalse(generation.failed());
    assertNull(generation.text());
    assertEquals("thinking...", generation.reasoning());
    assertEquals("length", generation.finishReason());
    assertEquals(100, generation.promptTokens());
    assertEquals(10, generation.completionTokens());
  }

  @Test
  public void readsModelFromV1ModelsWhenNotConfigured() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    server.modelsBody = ScriptedServer.modelsJson("Qwen/Qwen2.5-7B-Instruct", 32768);
    OpenAiClient client = client(ClientConfig.builder(List.of(server.url() + "/v1/")).build());

    generate(client, request("p1", 0));
    generate(client, request("p2", 0));

    JsonNode body = server.generationRequests().get(0).json();
    assertEquals("Qwen/Qwen2.5-7B-Instruct", body.get("model").asText());
    assertEquals(32768, body.get("max_tokens").asInt());
    assertEquals(1, server.count("/v1/models"));
  }

  @Test
  public void closeCompletesOpenRequestsAsFailed() throws Exception {
    ScriptedServer server =
        server((request, index) -> Reply.json(200, chatBody("late", null, "stop")).delayed(3000));
    OpenAiClient client = new OpenAiClient(config(server).build(), scheduler, new Random(1));
    CompletableFuture<Generation> pending =
        client.generate(request("p1", 0), PromptTemplate.defaults(), PARAMS);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (server.generationRequests().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }

    client.close();

    Generation generation = pending.get(1, TimeUnit.SECONDS);
    assertEquals(ErrorClass.CONNECTION, generation.errorClass());
    assertEquals("client closed", generation.errorMessage());
  }

  static SampleRequest request(String problemId, int sampleIndex) {
    return new SampleRequest(
        "ds",
        problemId,
        "What is 1+1? (" + problemId + ")",
        List.of("2"),
        sampleIndex,
        4,
        1000 + sampleIndex);
  }

  private Generation generate(OpenAiClient client, SampleRequest request) throws Exception {
    return client.generate(request, PromptTemplate.defaults(), PARAMS).get(20, TimeUnit.SECONDS);
  }

  private ScriptedServer server(ScriptedServer.Script script) throws IOException {
    return track(ScriptedServer.start(script));
  }

  private static ClientConfig.Builder config(ScriptedServer server) {
    return ClientConfig.builder(List.of(server.url())).model("test-model");
  }

  private OpenAiClient client(ClientConfig config) {
    return track(new OpenAiClient(config, scheduler, new Random(7)));
  }

  private <T extends AutoCloseable> T track(T resource) {
    return closing.track(resource);
  }
}
