package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.Test;

/** Continuous batching: at most maxNumSeqs sequences run, the rest wait FIFO. */
public class QueueingTest {

  @Test
  public void requestsBeyondMaxNumSeqsWaitForAFreeSlot() throws Exception {
    // every request generates exactly 100 tokens: 100 steps of ~3 ms = ~0.6 s at timeScale 0.5
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .maxNumSeqs(2)
            .timeScale(0.5)
            .medianOutputTokens(5000)
            .outputSigma(0)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0);
      List<CompletableFuture<Long>> latencies = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        HttpRequest request =
            HttpRequest.newBuilder(URI.create(url + "/v1/completions"))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(20))
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"prompt\":\"queue " + i + "\",\"seed\":" + i + ",\"max_tokens\":100}"))
                .build();
        long start = System.nanoTime();
        latencies.add(
            HttpJson.CLIENT
                .sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(
                    r -> {
                      assertEquals(r.body(), 200, r.statusCode());
                      return (System.nanoTime() - start) / 1_000_000;
                    }));
      }
      boolean sawQueue = false;
      for (int poll = 0; poll < 50 && !sawQueue; poll++) {
        String metrics = HttpJson.get(url + "/metrics").body();
        double running = WireProtocolTest.metricValue(metrics, "vllm:num_requests_running");
        double waiting = WireProtocolTest.metricValue(metrics, "vllm:num_requests_waiting");
        assertTrue("running " + running, running <= 2);
        sawQueue = running == 2 && waiting == 4;
        Thread.sleep(10);
      }
      assertTrue("never saw 2 running and 4 waiting", sawQueue);
      List<Long> done = new ArrayList<>();
      for (CompletableFuture<Long> f : latencies) {
        done.add(f.get());
      }
      Collections.sort(done);
      // three waves of ~0.6 s: the last requests take well over twice as long as the first
      assertTrue(done.toString(), done.get(0) >= 400);
      assertTrue(done.toString(), done.get(5) >= 2 * done.get(0));
      String after = HttpJson.get(url + "/metrics").body();
      assertEquals(0.0, WireProtocolTest.metricValue(after, "vllm:num_requests_waiting"), 0);
      assertEquals(600.0, WireProtocolTest.metricValue(after, "vllm:generation_tokens_total"), 0);
    }
  }

  @Test
  public void kvCacheExhaustionPreemptsAndStillCompletesEveryRequest() throws Exception {
    // four sequences growing to ~400 tokens each cannot all stay in a 1024-token cache;
    // each takes ~0.12 s wall, so the four requests overlap
    LatencyModel tinyCache = new LatencyModel(3.0, 0.010, 1.06e-5, 0.010, 1024, 8192, 0.05);
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(10)
            .latency(tinyCache)
            .medianOutputTokens(5000)
            .outputSigma(0)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0);
      List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        responses.add(
            HttpJson.CLIENT.sendAsync(
                HttpRequest.newBuilder(URI.create(url + "/v1/completions"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"prompt\":\"kv " + i + "\",\"seed\":" + i + ",\"max_tokens\":400}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString()));
      }
      for (CompletableFuture<HttpResponse<String>> r : responses) {
        assertEquals(400, HttpJson.json(r.get()).get("usage").get("completion_tokens").asInt());
      }
      String metrics = HttpJson.get(url + "/metrics").body();
      assertTrue(WireProtocolTest.metricValue(metrics, "vllm:num_preemptions_total") > 0);
    }
  }

  @Test
  public void capacityEndpointReportsSection84Numbers() throws Exception {
    try (SimulatedFleet fleet =
        SimulatedFleet.start(SimConfig.builder().replicas(1).maxNumSeqs(1024).build())) {
      var body =
          HttpJson.json(
              HttpJson.get(
                  fleet.endpoints().get(0) + "/sim/capacity?prompt_tokens=300&output_tokens=4000"));
      // spec §8.4 worked example for the 1.5B class: B_cap 869, t* ~32.9 ms
      assertEquals(869, body.get("batch_capacity").asInt());
      assertEquals(32.9, body.get("step_ms_at_capacity").asDouble(), 0.1);
      assertEquals(26_000, body.get("max_output_tokens_per_s").asDouble(), 1_000);
    }
  }
}
