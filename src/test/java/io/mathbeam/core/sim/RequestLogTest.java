package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** One JSON line per generation request, with the effective sampling parameters. */
public class RequestLogTest {
  @Rule public TemporaryFolder temp = new TemporaryFolder();

  @Test
  public void everyGenerationRequestIsLoggedAsJsonWithEffectiveParameters() throws Exception {
    Path file = temp.getRoot().toPath().resolve("logs/requests.jsonl");
    SimConfig config = SimConfig.builder().replicas(1).timeScale(50_000).requestLog(file).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0);
      HttpJson.postJson(
          url + "/v1/completions",
          "{\"prompt\":\"log me\",\"seed\":17,\"n\":2,\"max_tokens\":8,\"temperature\":0.8,"
              + "\"top_p\":0.9,\"top_k\":20}",
          200);
      // omitted sampling fields come from the server's generation_config (0.6 / 0.95)
      HttpJson.postJson(
          url + "/v1/chat/completions",
          "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_tokens\":5}",
          200);
      HttpJson.postJson(url + "/v1/completions", "{\"prompt\":\"bad\",\"top_p\":7}", 400);
      HttpJson.get(url + "/health");
      assertEquals(3, fleet.requestLog().size());
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(3, lines.size());
    JsonNode first = HttpJson.JSON.readTree(lines.get(0));
    for (String field :
        List.of(
            "arrival_ms",
            "finish_ms",
            "replica",
            "port",
            "endpoint",
            "prompt_hash",
            "seed",
            "n",
            "status",
            "prompt_tokens",
            "completion_tokens",
            "max_tokens",
            "temperature",
            "top_p",
            "top_k")) {
      assertTrue(field + " missing in " + first, first.has(field));
    }
    assertEquals("/v1/completions", first.get("endpoint").asText());
    assertEquals(17, first.get("seed").asLong());
    assertEquals(2, first.get("n").asInt());
    assertEquals(200, first.get("status").asInt());
    assertEquals(16, first.get("completion_tokens").asInt());
    assertEquals(0.8, first.get("temperature").asDouble(), 0);
    assertEquals(0.9, first.get("top_p").asDouble(), 0);
    assertEquals(20, first.get("top_k").asInt());
    assertTrue(first.get("prompt_hash").asText().matches("[0-9a-f]{16}"));
    assertTrue(first.get("finish_ms").asLong() >= first.get("arrival_ms").asLong());
    JsonNode chat = HttpJson.JSON.readTree(lines.get(1));
    assertEquals(0.6, chat.get("temperature").asDouble(), 0);
    assertEquals(0.95, chat.get("top_p").asDouble(), 0);
    assertTrue(chat.get("seed").isNull());
    JsonNode rejected = HttpJson.JSON.readTree(lines.get(2));
    assertEquals(400, rejected.get("status").asInt());
  }
}
