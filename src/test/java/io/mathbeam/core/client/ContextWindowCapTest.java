package io.mathbeam.core.client;

import static io.mathbeam.core.client.ScriptedServer.chatBody;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Rule;
import org.junit.Test;

/** Spec §4.3 client prevention: max_tokens capped before the first request, no wasted 400. */
public class ContextWindowCapTest {
  private static final String PROBLEM = "What is the value of $3 \\cdot 7$?";

  @Rule public final ClosingRule closing = new ClosingRule();
  private final RecordingScheduler scheduler = track(new RecordingScheduler());

  @Test
  public void simulatorSeesNoOverflowWhenMaxTokensEqualsTheContextWindow() throws Exception {
    SimulatedFleet fleet =
        track(
            SimulatedFleet.start(
                SimConfig.builder()
                    .replicas(2)
                    .timeScale(5000)
                    .maxModelLen(4096)
                    .answerKey(AnswerKey.of(Map.of(PROBLEM, "21")))
                    .build()));
    OpenAiClient client = track(new OpenAiClient(ClientConfig.builder(fleet.endpoints()).build()));
    List<CompletableFuture<Generation>> futures = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      SampleRequest request =
          new SampleRequest(
              "t", "p" + (i % 3), PROBLEM + " (" + (i % 3) + ")", List.of("21"), i, 8, 1000 + i);
      futures.add(
          client.generate(
              request, PromptTemplate.defaults(), SamplingParams.defaults().withMaxTokens(4096)));
    }
    for (CompletableFuture<Generation> future : futures) {
      Generation generation = future.get(60, TimeUnit.SECONDS);
      assertNull(generation.errorMessage(), generation.errorClass());
      assertNull(generation.errorMessage());
      assertEquals(1, generation.attempts());
    }

    List<RequestLogEntry> log = fleet.requestLog();
    assertEquals(24, log.size());
    for (RequestLogEntry entry : log) {
      assertEquals(entry.toString(), 200, entry.status());
      assertTrue(entry.toString(), entry.maxTokens() + entry.promptTokens() <= 4096);
      assertTrue(entry.toString(), entry.maxTokens() < 4096);
    }
    assertEquals(24, client.stats().maxTokensCapped());
  }

  @Test
  public void concurrentSamplesOfOnePromptShareOneTokenizeRequest() throws Exception {
    ScriptedServer server =
        track(
            ScriptedServer.start(
                (request, index) ->
                    Reply.json(
                            200,
                            chatBody("4", null, "stop")
                                .replace("\"prompt_tokens\":100", "\"prompt_tokens\":150"))
                        .delayed(20)));
    server.modelsBody = ScriptedServer.modelsJson("test-model", 4096);
    server.tokenizeCount = 150;
    OpenAiClient client = client(server);
    List<CompletableFuture<Generation>> futures = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      futures.add(client.generate(request("p1", i), PromptTemplate.defaults(), params(4096)));
    }
    for (CompletableFuture<Generation> future : futures) {
      Generation generation = future.get(20, TimeUnit.SECONDS);
      assertNull(generation.errorMessage(), generation.errorClass());
    }

    assertEquals(1, server.count("/tokenize"));
    assertEquals(16, server.generationRequests().size());
    for (ScriptedServer.Recorded sent : server.generationRequests()) {
      assertEquals(4096 - 150, sent.json().get("max_tokens").asInt());
    }
    assertEquals(16, client.stats().maxTokensCapped());
  }

  @Test
  public void smallMaxTokensIsSentWithoutTokenizing() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    server.modelsBody = ScriptedServer.modelsJson("test-model", 4096);
    server.tokenizeCount = 150;
    OpenAiClient client = client(server);

    Generation generation =
        client
            .generate(request("p1", 0), PromptTemplate.defaults(), params(1024))
            .get(20, TimeUnit.SECONDS);

    assertNull(generation.errorMessage(), generation.errorClass());
    assertEquals(0, server.count("/tokenize"));
    assertEquals(1024, server.generationRequests().get(0).json().get("max_tokens").asInt());
    assertEquals(0, client.stats().maxTokensCapped());
  }

  @Test
  public void promptLongerThanTheWindowFailsWithoutSending() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    server.modelsBody = ScriptedServer.modelsJson("test-model", 4096);
    server.tokenizeCount = 5000;
    OpenAiClient client = client(server);

    Generation generation =
        client
            .generate(request("p1", 0), PromptTemplate.defaults(), params(4096))
            .get(20, TimeUnit.SECONDS);

    assertEquals(ErrorClass.CONTEXT_OVERFLOW, generation.errorClass());
    assertEquals(0, generation.attempts());
    assertTrue(server.generationRequests().isEmpty());
  }

  @Test
  public void missingTokenizeFallsBackToOverflowRetryAndIsNotAskedAgain() throws Exception {
    ScriptedServer server =
        track(
            ScriptedServer.start(
                (request, index) ->
                    request.json().get("max_tokens").asInt() > 3996
                        ? Reply.json(
                            400,
                            ScriptedServer.nestedError(
                                "This model's maximum context length is 4096 tokens. However,"
                                    + " you requested 4196 tokens (100 in the messages, 4096 in"
                                    + " the completion). Please reduce the length of the"
                                    + " messages or completion.",
                                400))
                        : Reply.json(200, chatBody("4", null, "stop"))));
    server.modelsBody = ScriptedServer.modelsJson("test-model", 4096);
    OpenAiClient client = client(server);

    Generation first =
        client
            .generate(request("p1", 0), PromptTemplate.defaults(), params(4096))
            .get(20, TimeUnit.SECONDS);
    Generation other =
        client
            .generate(request("p2", 0), PromptTemplate.defaults(), params(4096))
            .get(20, TimeUnit.SECONDS);

    assertNull(first.errorMessage(), first.errorClass());
    assertEquals(2, first.attempts());
    assertEquals(2, other.attempts());
    assertEquals(1, server.count("/tokenize"));
  }

  @Test
  public void promptLengthCacheKeepsOnlyTheMostRecentlyUsed() {
    PromptLengths lengths = new PromptLengths(2);
    lengths.remember("a", 10);
    lengths.remember("b", 20);
    lengths.known("a");
    lengths.remember("c", 30);

    assertEquals(OptionalInt.of(10), lengths.known("a"));
    assertEquals(OptionalInt.empty(), lengths.known("b"));
    assertEquals(OptionalInt.of(30), lengths.known("c"));
    assertEquals(2, lengths.size());
  }

  @Test
  public void upperBoundCountsUtf8BytesNotCharacters() {
    SampleRequest ascii = new SampleRequest("d", "p", "abcd", List.of(), 0, 1, 0);
    SampleRequest cjk = new SampleRequest("d", "p", "数学题目", List.of(), 0, 1, 0);
    PromptTemplate template = new PromptTemplate(null, "{problem}");

    assertEquals(
        4 + PromptLengths.RAW_PROMPT_TOKENS,
        PromptLengths.upperBound(Api.COMPLETIONS, ascii, template));
    assertEquals(
        12 + PromptLengths.CHAT_TEMPLATE_TOKENS, PromptLengths.upperBound(Api.CHAT, cjk, template));
  }

  private static SamplingParams params(int maxTokens) {
    return SamplingParams.defaults().withMaxTokens(maxTokens);
  }

  private static SampleRequest request(String problemId, int index) {
    return OpenAiClientTest.request(problemId, index);
  }

  private OpenAiClient client(ScriptedServer server) {
    return track(
        new OpenAiClient(
            ClientConfig.builder(List.of(server.url()))
                .model("test-model")
                .initialBackoff(Duration.ofMillis(1))
                .build(),
            scheduler,
            new Random(3)));
  }

  private <T extends AutoCloseable> T track(T resource) {
    return closing.track(resource);
  }
}
