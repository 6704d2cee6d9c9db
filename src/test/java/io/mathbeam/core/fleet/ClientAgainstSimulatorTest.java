package io.mathbeam.core.fleet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.Api;
import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.client.OpenAiClient;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimConfigBuilder;
import io.mathbeam.core.sim.SimulatedFleet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/** The real client against the real simulated fleet, over HTTP, including its error responses. */
public class ClientAgainstSimulatorTest {
  private static final String PROBLEM = "What is the value of $3 \\cdot 7$?";
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();

  private static SampleRequest request(String problemId, int index) {
    return new SampleRequest("t", problemId, PROBLEM, List.of("21"), index, 64, 1000 + index);
  }

  private static SimConfigBuilder sim() {
    return SimConfig.builder()
        .replicas(2)
        .timeScale(5000)
        .answerKey(AnswerKey.of(Map.of(PROBLEM, "21")));
  }

  private static ClientConfig.Builder client(SimulatedFleet fleet) {
    return ClientConfig.builder(fleet.endpoints())
        .initialBackoff(Duration.ofMillis(5))
        .maxBackoff(Duration.ofMillis(50))
        .maxAttempts(8);
  }

  private static List<Generation> run(OpenAiClient client, int n, SamplingParams params)
      throws Exception {
    List<CompletableFuture<Generation>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      futures.add(client.generate(request("p" + (i % 8), i), TEMPLATE, params));
    }
    List<Generation> out = new ArrayList<>();
    for (CompletableFuture<Generation> f : futures) {
      out.add(f.get(60, TimeUnit.SECONDS));
    }
    return out;
  }

  @Test
  public void everySampleCompletesDespite503sResetsAndSlowBodies() throws Exception {
    SimConfig config =
        sim()
            .errorRate(503, 0.10)
            .errorRate(500, 0.05)
            .connectionResetRate(0.05)
            .slowBodyRate(0.02)
            .slowBodyMillis(50)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config);
        OpenAiClient client = new OpenAiClient(client(fleet).build())) {
      List<Generation> generations =
          run(client, 120, SamplingParams.defaults().withMaxTokens(2048));
      for (Generation g : generations) {
        assertNull(g.errorClass() + ": " + g.errorMessage(), g.errorClass());
        assertNotNull(g.finishReason());
      }
      long faults = fleet.requestLog().stream().filter(e -> e.status() != 200).count();
      assertTrue("expected injected faults, saw " + faults, faults > 5);
      assertTrue(generations.stream().anyMatch(g -> g.attempts() > 1));
    }
  }

  @Test
  public void sameSeedGivesTheSameSampleAfterARetryOnAnotherReplica() throws Exception {
    try (SimulatedFleet clean = SimulatedFleet.start(sim().build());
        SimulatedFleet faulty = SimulatedFleet.start(sim().errorRate(503, 0.3).build());
        OpenAiClient a = new OpenAiClient(client(clean).build());
        OpenAiClient b = new OpenAiClient(client(faulty).build())) {
      SamplingParams params = SamplingParams.defaults().withMaxTokens(1024);
      List<Generation> first = run(a, 40, params);
      List<Generation> second = run(b, 40, params);
      for (int i = 0; i < first.size(); i++) {
        assertEquals(first.get(i).text(), second.get(i).text());
        assertEquals(first.get(i).reasoning(), second.get(i).reasoning());
      }
    }
  }

  @Test
  public void contextOverflowIsRetriedOnceWithMaxTokensThatFit() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().maxModelLen(4096).build());
        OpenAiClient client = new OpenAiClient(client(fleet).build())) {
      Generation g =
          client
              .generate(request("p0", 0), TEMPLATE, SamplingParams.defaults().withMaxTokens(4090))
              .get(60, TimeUnit.SECONDS);
      assertNull(g.errorMessage(), g.errorClass());
      List<RequestLogEntry> log = fleet.requestLog();
      int sent = log.get(log.size() - 1).maxTokens();
      assertTrue("max_tokens " + sent, sent < 4090 && sent + g.promptTokens() <= 4096);
    }
  }

  @Test
  public void completionsApiSplitsReasoningAtThink() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().build());
        OpenAiClient completions = new OpenAiClient(client(fleet).api(Api.COMPLETIONS).build())) {
      List<Generation> generations =
          run(completions, 24, SamplingParams.defaults().withMaxTokens(4096));
      int split = 0;
      for (Generation g : generations) {
        assertNull(g.errorMessage(), g.errorClass());
        if ("stop".equals(g.finishReason())) {
          assertNotNull(g.reasoning());
          assertTrue(g.text(), !g.text().contains("</think>"));
          split++;
        }
      }
      assertTrue("no completed sample to check", split > 0);
      assertTrue(fleet.requestLog().stream().allMatch(e -> e.endpoint().equals("/v1/completions")));
    }
  }

  @Test
  public void invalidParametersFailAtOnceAsBadRequest() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().build());
        OpenAiClient client = new OpenAiClient(client(fleet).model("no-such-model").build())) {
      Generation g =
          client
              .generate(request("p0", 0), TEMPLATE, SamplingParams.defaults().withMaxTokens(64))
              .get(60, TimeUnit.SECONDS);
      assertEquals(ErrorClass.BAD_REQUEST, g.errorClass());
      assertEquals(1, g.attempts());
      assertTrue(g.errorMessage(), g.errorMessage().contains("does not exist"));
    }
  }

  @Test
  public void samplesSpillToAnotherReplicaWhenTheirOwnIsFull() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().timeScale(500).build());
        OpenAiClient client = new OpenAiClient(client(fleet).maxInFlightPerReplica(4).build())) {
      List<CompletableFuture<Generation>> futures = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        futures.add(
            client.generate(
                request("one-problem", i),
                TEMPLATE,
                SamplingParams.defaults().withMaxTokens(1024)));
      }
      Set<String> replicas = new HashSet<>();
      for (CompletableFuture<Generation> f : futures) {
        Generation g = f.get(60, TimeUnit.SECONDS);
        assertNull(g.errorMessage(), g.errorClass());
        replicas.add(g.replica());
      }
      assertEquals("a full replica should spill", 2, replicas.size());
      for (int peak : client.stats().maxInFlightByReplica().values()) {
        assertTrue("cap exceeded: " + peak, peak <= 4);
      }
    }
  }

  @Test
  public void aKilledReplicasProblemsMoveToTheOtherOne() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().build());
        OpenAiClient client = new OpenAiClient(client(fleet).build())) {
      fleet.killReplica(0);
      List<Generation> generations = run(client, 32, SamplingParams.defaults().withMaxTokens(512));
      Set<String> replicas = new HashSet<>();
      for (Generation g : generations) {
        assertNull(g.errorMessage(), g.errorClass());
        replicas.add(g.replica());
      }
      assertEquals(Set.of(fleet.endpoints().get(1)), replicas);
    }
  }
}
