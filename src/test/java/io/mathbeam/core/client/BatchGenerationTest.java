package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/** Several samples of one problem in one request with n (spec §3.3, §9). */
public class BatchGenerationTest {
  private static final String PROBLEM = "What is the value of $3 \\cdot 7$?";
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();
  private static final SamplingParams PARAMS = SamplingParams.defaults().withMaxTokens(2048);

  private static SampleRequest sample(String problemId, int index) {
    return new SampleRequest("t", problemId, PROBLEM, List.of("21"), index, 4, 7000 + index);
  }

  private static List<SampleRequest> samples(String problemId, int count) {
    List<SampleRequest> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(sample(problemId, i));
    }
    return out;
  }

  @Test
  public void batchOfFourGivesTheSameSamplesAsFourSingleRequests() throws Exception {
    SimConfig sim =
        SimConfig.builder()
            .replicas(2)
            .timeScale(5000)
            .answerKey(AnswerKey.of(Map.of(PROBLEM, "21")))
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.builder(fleet.endpoints()).samplesPerRequest(4).build())) {
      List<Generation> batch =
          client.generateBatch(samples("p0", 4), TEMPLATE, PARAMS).get(60, TimeUnit.SECONDS);
      List<Generation> singles = new ArrayList<>();
      for (SampleRequest sample : samples("p0", 4)) {
        singles.add(client.generate(sample, TEMPLATE, PARAMS).get(60, TimeUnit.SECONDS));
      }

      assertEquals(4, batch.size());
      int batchTokens = 0;
      int singleTokens = 0;
      for (int i = 0; i < 4; i++) {
        Generation b = batch.get(i);
        Generation s = singles.get(i);
        assertNull(b.errorMessage(), b.errorClass());
        assertEquals(sample("p0", i), b.request());
        assertEquals(s.text(), b.text());
        assertEquals(s.reasoning(), b.reasoning());
        assertEquals(s.finishReason(), b.finishReason());
        assertEquals(s.promptTokens(), b.promptTokens());
        batchTokens += b.completionTokens();
        singleTokens += s.completionTokens();
      }
      assertEquals(singleTokens, batchTokens);
      assertTrue(
          "the samples differ from each other",
          batch.stream().map(Generation::reasoning).distinct().count() > 1);
      RequestLogEntry first = fleet.requestLog().get(0);
      assertEquals(4, first.n().intValue());
      assertEquals(7000L, first.seed().longValue());
      assertEquals(5, fleet.requestLog().size());
    }
  }

  @Test
  public void samplesBeyondSamplesPerRequestGoInFurtherRequests() throws Exception {
    try (ScriptedServer server = ScriptedServer.start((request, index) -> choices(request));
        OpenAiClient client = client(server, 3, 64)) {
      List<Generation> generations =
          client.generateBatch(samples("p1", 5), TEMPLATE, PARAMS).get(20, TimeUnit.SECONDS);

      assertEquals(5, generations.size());
      for (int i = 0; i < 5; i++) {
        assertEquals(i, generations.get(i).request().sampleIndex());
        assertEquals("choice " + (i % 3), generations.get(i).text());
      }
      List<ScriptedServer.Recorded> sent = server.generationRequests();
      assertEquals(2, sent.size());
      List<String> nAndSeed = new ArrayList<>();
      sent.forEach(
          r -> nAndSeed.add(r.json().get("n").asInt() + "@" + r.json().get("seed").asLong()));
      nAndSeed.sort(null);
      assertEquals(List.of("2@7003", "3@7000"), nAndSeed);
    }
  }

  @Test
  public void inFlightCapCountsSequencesOfEachRequest() throws Exception {
    try (ScriptedServer server =
            ScriptedServer.start((request, index) -> choices(request).delayed(50));
        OpenAiClient client = client(server, 4, 4)) {
      CompletableFuture<List<Generation>> a =
          client.generateBatch(samples("a", 4), TEMPLATE, PARAMS);
      CompletableFuture<List<Generation>> b =
          client.generateBatch(samples("b", 4), TEMPLATE, PARAMS);
      a.get(20, TimeUnit.SECONDS);
      b.get(20, TimeUnit.SECONDS);

      assertEquals(2, server.generationRequests().size());
      assertEquals(1, server.maxConcurrent());
      assertEquals(4, client.stats().maxInFlightByReplica().get(server.url()).intValue());
    }
  }

  @Test
  public void rejectsNonConsecutiveSeedsAndMixedProblems() throws Exception {
    try (ScriptedServer server = ScriptedServer.answeringChat();
        OpenAiClient client = client(server, 4, 64)) {
      List<SampleRequest> gap = List.of(sample("p", 0), sample("p", 2));
      List<SampleRequest> mixed = List.of(sample("p", 0), sample("q", 1));

      assertThrows(
          IllegalArgumentException.class, () -> client.generateBatch(gap, TEMPLATE, PARAMS));
      assertThrows(
          IllegalArgumentException.class, () -> client.generateBatch(mixed, TEMPLATE, PARAMS));
      assertThrows(
          IllegalArgumentException.class, () -> client.generateBatch(List.of(), TEMPLATE, PARAMS));
      assertTrue(server.generationRequests().isEmpty());
    }
  }

  @Test
  public void completionTokensAreSplitByChoiceLengthWhenOnlyTheTotalIsKnown() throws Exception {
    String body =
        "{\"choices\":[{\"index\":1,\"text\":\"abcdef\",\"finish_reason\":\"stop\"},"
            + "{\"index\":0,\"text\":\"ab\",\"finish_reason\":\"length\"}],"
            + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":10}}";

    List<Completion> choices = Completion.parseChoices(body, Api.COMPLETIONS, 2);

    assertEquals("ab", choices.get(0).text());
    assertEquals("length", choices.get(0).finishReason());
    assertEquals(3, choices.get(0).completionTokens()); // 10 * 2/8 = 2.5, remainder tie -> first
    assertEquals(7, choices.get(1).completionTokens()); // 10 * 6/8 = 7.5
    assertEquals(9, choices.get(1).promptTokens());
  }

  @Test
  public void perChoiceCompletionTokensAreUsedWhenTheServerSendsThem() throws Exception {
    String body =
        "{\"choices\":[{\"index\":0,\"text\":\"ab\",\"completion_tokens\":8},"
            + "{\"index\":1,\"text\":\"abcdef\",\"completion_tokens\":2}],"
            + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":10}}";

    List<Completion> choices = Completion.parseChoices(body, Api.COMPLETIONS, 2);

    assertEquals(8, choices.get(0).completionTokens());
    assertEquals(2, choices.get(1).completionTokens());
  }

  private static Reply choices(ScriptedServer.Recorded request) {
    int n = request.json().get("n").asInt();
    StringBuilder body = new StringBuilder("{\"choices\":[");
    for (int i = 0; i < n; i++) {
      body.append(i == 0 ? "" : ",")
          .append("{\"index\":")
          .append(i)
          .append(",\"message\":{\"role\":\"assistant\",\"content\":\"choice ")
          .append(i)
          .append("\"},\"finish_reason\":\"stop\"}");
    }
    body.append("],\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":")
        .append(3 * n)
        .append("}}");
    return Reply.json(200, body.toString());
  }

  private static OpenAiClient client(ScriptedServer server, int samplesPerRequest, int cap) {
    return new OpenAiClient(
        ClientConfig.builder(List.of(server.url()))
            .model("test-model")
            .samplesPerRequest(samplesPerRequest)
            .maxInFlightPerReplica(cap)
            .build(),
        (delay, task) -> task.run(),
        new Random(2));
  }
}
