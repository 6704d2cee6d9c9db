package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.Test;

/** Injected errors, resets, slow bodies, dead engines and killed replicas. */
public class FaultInjectionTest {
  private static final String BODY = "{\"prompt\":\"fault test\",\"max_tokens\":4,\"seed\":9}";

  @Test
  public void configuredStatusesAndResetsOccurAtTheirRates() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(100_000)
            .errorRate(503, 0.2)
            .errorRate(500, 0.1)
            .connectionResetRate(0.1)
            .faultSeed(7)
            .build();
    Map<String, Integer> counts = new TreeMap<>();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/completions";
      for (int i = 0; i < 300; i++) {
        try {
          HttpResponse<String> response = HttpJson.post(url, BODY);
          counts.merge(Integer.toString(response.statusCode()), 1, Integer::sum);
          if (response.statusCode() == 503) {
            JsonNode error = HttpJson.json(response).get("error");
            assertEquals(503, error.get("code").asInt());
          } else if (response.statusCode() == 500) {
            JsonNode error = HttpJson.json(response).get("error");
            assertEquals("InternalServerError", error.get("type").asText());
          }
        } catch (IOException reset) {
          counts.merge("reset", 1, Integer::sum);
        }
      }
      List<RequestLogEntry> log = fleet.requestLog();
      assertEquals(300, log.size());
      long logged = log.stream().filter(e -> "reset".equals(e.fault())).count();
      assertEquals((long) counts.getOrDefault("reset", 0), logged);
    }
    assertTrue(counts.toString(), between(counts.get("503"), 40, 90));
    assertTrue(counts.toString(), between(counts.get("500"), 15, 50));
    assertTrue(counts.toString(), between(counts.get("reset"), 15, 50));
    assertTrue(counts.toString(), between(counts.get("200"), 140, 220));
  }

  private static boolean between(Integer value, int low, int high) {
    return value != null && value >= low && value <= high;
  }

  @Test
  public void aRetryOfAFailedRequestCanSucceedWithTheSameSample() throws Exception {
    SimConfig config =
        SimConfig.builder().replicas(1).timeScale(100_000).errorRate(503, 0.5).faultSeed(3).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/completions";
      String text = null;
      int failures = 0;
      for (int i = 0; i < 40; i++) {
        HttpResponse<String> response = HttpJson.post(url, BODY);
        if (response.statusCode() == 503) {
          failures++;
        } else {
          String sample = HttpJson.json(response).get("choices").get(0).get("text").asText();
          if (text != null) {
            assertEquals(text, sample);
          }
          text = sample;
        }
      }
      assertTrue(failures > 5 && text != null);
    }
  }

  @Test
  public void slowBodyArrivesCompleteButLate() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(100_000)
            .slowBodyRate(1.0)
            .slowBodyMillis(400)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      long start = System.nanoTime();
      JsonNode body = HttpJson.postJson(fleet.endpoints().get(0) + "/v1/completions", BODY, 200);
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertEquals(4, body.get("usage").get("completion_tokens").asInt());
      assertTrue("took " + ms + " ms", ms >= 300);
    }
  }

  @Test
  public void deadEngineFailsHealthAndGeneration() throws Exception {
    try (SimulatedFleet fleet =
        SimulatedFleet.start(SimConfig.builder().replicas(1).timeScale(100_000).build())) {
      String url = fleet.endpoints().get(0);
      fleet.setEngineDead(0, true);
      assertEquals(503, HttpJson.get(url + "/health").statusCode());
      JsonNode error = HttpJson.postJson(url + "/v1/completions", BODY, 500).get("error");
      assertTrue(error.get("message").asText().startsWith("EngineCore encountered an issue."));
      fleet.setEngineDead(0, false);
      assertEquals(200, HttpJson.get(url + "/health").statusCode());
    }
  }

  @Test
  public void killedReplicaRefusesConnectionsUntilRestartedOnTheSamePort() throws Exception {
    try (SimulatedFleet fleet =
        SimulatedFleet.start(SimConfig.builder().replicas(2).timeScale(100_000).build())) {
      String killed = fleet.endpoints().get(0);
      fleet.killReplica(0);
      try {
        HttpJson.get(killed + "/health");
        fail("killed replica still answers");
      } catch (ConnectException expected) {
        // connection refused
      }
      assertEquals(200, HttpJson.get(fleet.endpoints().get(1) + "/health").statusCode());
      fleet.restartReplica(0);
      assertEquals(killed, fleet.endpoints().get(0));
      assertEquals(200, HttpJson.get(killed + "/health").statusCode());
      HttpJson.postJson(killed + "/v1/completions", BODY, 200);
    }
  }

  @Test
  public void killDropsInFlightRequestsWithoutAResponse() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(1)
            .medianOutputTokens(5000)
            .outputSigma(0)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/completions";
      var pending =
          HttpJson.CLIENT.sendAsync(
              java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                  .header("Content-Type", "application/json")
                  .POST(
                      java.net.http.HttpRequest.BodyPublishers.ofString(
                          "{\"prompt\":\"long\",\"max_tokens\":2000}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      Thread.sleep(200);
      fleet.killReplica(0);
      try {
        pending.get();
        fail("a killed replica answered");
      } catch (java.util.concurrent.ExecutionException expected) {
        assertTrue(expected.getCause() instanceof IOException);
      }
    }
  }
}
