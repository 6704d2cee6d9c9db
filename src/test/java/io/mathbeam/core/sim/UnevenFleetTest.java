package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.Test;

/** Uneven fleets (a slow replica) and reasoning-model output lengths, over HTTP. */
public class UnevenFleetTest {

  @Test
  public void aSlowReplicaTakesItsFactorLongerForTheSameRequest() throws Exception {
    String[] flags = {
      "--replicas=2",
      "--slowReplicas=1",
      "--slowFactor=3",
      "--timeScale=2",
      "--medianOutputTokens=5000"
    };
    try (SimulatedFleet fleet =
        SimServerMain.launch(flags, new PrintStream(new ByteArrayOutputStream()))) {
      String slow = fleet.endpoints().get(0);
      String fast = fleet.endpoints().get(1);
      double slowStep = capacity(slow).path("step_ms_at_capacity").asDouble();
      double fastStep = capacity(fast).path("step_ms_at_capacity").asDouble();
      assertEquals(3.0, slowStep / fastStep, 1e-9);

      // the same 300-token request on both at once: ~0.45 s on the fast one, ~1.35 s on the slow
      String body = "{\"prompt\":\"uneven fleet probe\",\"seed\":7,\"max_tokens\":300}";
      CompletableFuture<HttpResponse<String>> onSlow = send(slow, body);
      CompletableFuture<HttpResponse<String>> onFast = send(fast, body);
      assertEquals(200, onSlow.get().statusCode());
      assertEquals(200, onFast.get().statusCode());
      long[] took = new long[2];
      for (RequestLogEntry e : fleet.requestLog()) {
        assertEquals(Integer.valueOf(300), e.completionTokens());
        took[e.replica()] = e.finishMs() - e.arrivalMs();
      }
      double ratio = (double) took[0] / took[1];
      assertTrue("slow/fast latency " + took[0] + "/" + took[1], ratio > 2.2 && ratio < 3.8);
    }
  }

  @Test
  public void longTailLengthsKeepTheMedianAndSendAFewPercentToAbout32k() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .maxNumSeqs(512)
            .timeScale(100_000)
            .maxModelLen(65536)
            .medianOutputTokens(2000)
            .outputLengths(OutputLengths.LONG_TAIL)
            .build();
    int samples = 400;
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0);
      List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
      for (int seed = 0; seed < samples; seed++) {
        sent.add(send(url, probe(seed)));
      }
      List<Integer> natural = new ArrayList<>();
      for (CompletableFuture<HttpResponse<String>> response : sent) {
        JsonNode json = HttpJson.json(response.get());
        // samples that ramble to max_tokens are the outcome model's, not the length draw's
        if (json.path("choices").get(0).path("finish_reason").asText().equals("stop")) {
          natural.add(json.path("usage").path("completion_tokens").asInt());
        }
      }
      natural.sort(Integer::compare);
      // an unknown prompt's median is 1.16 x medianOutputTokens (SimulatedModel)
      int median = natural.get(natural.size() / 2);
      assertTrue("median " + median, median > 0.85 * 2320 && median < 1.2 * 2320);
      long tail = natural.stream().filter(t -> t >= 0.88 * OutputLengths.TAIL_TOKENS).count();
      double share = (double) tail / natural.size();
      assertTrue("tail share " + share, share >= 0.02 && share <= 0.07);
      int longest = natural.get(natural.size() - 1);
      assertTrue("longest " + longest, longest <= 1.1 * OutputLengths.TAIL_TOKENS + 64);

      JsonNode again = HttpJson.json(send(url, probe(0)).get());
      JsonNode first = HttpJson.json(sent.get(0).get());
      assertEquals(
          first.path("usage").path("completion_tokens").asInt(),
          again.path("usage").path("completion_tokens").asInt());
    }
  }

  private static String probe(int seed) {
    return "{\"prompt\":\"long tail probe\",\"seed\":" + seed + ",\"max_tokens\":40000}";
  }

  private static JsonNode capacity(String url) throws Exception {
    return HttpJson.json(HttpJson.get(url + "/sim/capacity"));
  }

  private static CompletableFuture<HttpResponse<String>> send(String url, String body) {
    return HttpJson.CLIENT.sendAsync(
        HttpRequest.newBuilder(URI.create(url + "/v1/completions"))
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(60))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
