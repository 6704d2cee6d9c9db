package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/** {@code stream: true} end to end: same samples as without streaming, faults retried. */
public class StreamingClientTest {
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();
  private static final SamplingParams PARAMS = SamplingParams.defaults().withMaxTokens(1500);
  private static final int PROBLEMS = 12;

  private static String problem(int p) {
    return "Streaming problem " + p + ": what is " + p + " squared?";
  }

  private static SimConfigBuilder sim() {
    Map<String, String> answers = new HashMap<>();
    for (int p = 0; p < PROBLEMS; p++) {
      answers.put(problem(p), Integer.toString(p * p));
    }
    return SimConfig.builder().replicas(2).timeScale(400).answerKey(AnswerKey.of(answers));
  }

  private static Map<String, String> generate(ClientConfig config) throws Exception {
    Map<String, String> out = new HashMap<>();
    try (OpenAiClient client = new OpenAiClient(config)) {
      List<CompletableFuture<Generation>> futures = new ArrayList<>();
      for (int p = 0; p < PROBLEMS; p++) {
        for (int i = 0; i < 3; i++) {
          futures.add(
              client.generate(
                  new SampleRequest(
                      "s", "p" + p, problem(p), List.of(Integer.toString(p * p)), i, 3, 500 + i),
                  TEMPLATE,
                  PARAMS));
        }
      }
      for (CompletableFuture<Generation> f : futures) {
        Generation g = f.get(120, TimeUnit.SECONDS);
        assertNull(g.errorMessage(), g.errorClass());
        out.put(
            g.request().problemId() + "#" + g.request().sampleIndex(),
            g.reasoning() + "|" + g.text() + "|" + g.finishReason() + "|" + g.completionTokens());
      }
    }
    return out;
  }

  @Test
  public void streamedSamplesEqualNonStreamedOnes() throws Exception {
    Map<String, String> plain;
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().build())) {
      plain = generate(ClientConfig.builder(fleet.endpoints()).build());
    }
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().build())) {
      Map<String, String> streamed =
          generate(ClientConfig.builder(fleet.endpoints()).stream(true).build());
      assertEquals(plain, streamed);
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.endpoint().contains("completions")) {
          assertEquals(200, e.status());
        }
      }
    }
  }

  @Test
  public void stalledDroppedAndFailedStreamsAreRetriedToTheSameResults() throws Exception {
    Map<String, String> clean;
    try (SimulatedFleet fleet = SimulatedFleet.start(sim().build())) {
      clean = generate(ClientConfig.builder(fleet.endpoints()).stream(true).build());
    }
    SimConfig faulty =
        sim()
            .streamStallRate(0.15)
            .streamDropRate(0.1)
            .streamErrorRate(0.1)
            .streamStallMillis(500)
            .faultSeed(11)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(faulty)) {
      Map<String, String> recovered =
          generate(
              ClientConfig.builder(fleet.endpoints()).stream(true)
                  .streamIdleTimeout(Duration.ofMillis(400))
                  .initialBackoff(Duration.ofMillis(10))
                  .maxBackoff(Duration.ofMillis(50))
                  .unhealthyAfterFailures(1000)
                  .maxAttempts(10)
                  .build());
      assertEquals(clean, recovered);
      // a stalled stream is logged when the server gives up on it, after the client has left
      Map<String, Integer> faults = new HashMap<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!faults.containsKey("stream_stall") && System.nanoTime() < deadline) {
        Thread.sleep(100);
        faults.clear();
        for (RequestLogEntry e : fleet.requestLog()) {
          if (e.fault() != null) {
            faults.merge(e.fault(), 1, Integer::sum);
          }
        }
      }
      assertTrue("no stall was injected: " + faults, faults.containsKey("stream_stall"));
      assertTrue("no drop was injected: " + faults, faults.containsKey("stream_drop"));
      assertTrue("no error event was injected: " + faults, faults.containsKey("stream_error"));
    }
  }
}
