package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

/** Paced SSE streams (spec §5): same texts as non-streaming, engine-paced events, stream faults. */
public class StreamingTest {
  private static final String CHAT_PREFIX =
      "{\"messages\":[{\"role\":\"user\",\"content\":\"Stream a long answer\"}],\"seed\":11";

  /** What a client saw of one stream. */
  private record Streamed(
      int status,
      String contentType,
      long headersMs,
      List<Long> eventMs,
      List<String> data,
      IOException failure,
      long endMs) {

    List<JsonNode> chunks() throws IOException {
      List<JsonNode> out = new ArrayList<>();
      for (String d : data) {
        if (!d.equals("[DONE]")) {
          out.add(HttpJson.JSON.readTree(d));
        }
      }
      return out;
    }

    boolean done() {
      return !data.isEmpty() && data.get(data.size() - 1).equals("[DONE]");
    }
  }

  private static Streamed stream(String url, String body) throws Exception {
    long start = System.nanoTime();
    List<Long> times = new ArrayList<>();
    List<String> data = new ArrayList<>();
    HttpResponse<InputStream> response;
    try {
      response =
          HttpJson.CLIENT.send(
              HttpRequest.newBuilder(URI.create(url))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      // a connection dropped right after the headers can fail the exchange itself
      return new Streamed(0, null, -1, times, data, e, elapsedMs(start));
    }
    long headersMs = elapsedMs(start);
    IOException failure = null;
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.startsWith("data: ")) {
          times.add(elapsedMs(start));
          data.add(line.substring(6));
        } else {
          assertEquals("events are separated by blank lines", "", line);
        }
      }
    } catch (IOException e) {
      failure = e;
    }
    return new Streamed(
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(null),
        headersMs,
        times,
        data,
        failure,
        elapsedMs(start));
  }

  private static long elapsedMs(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  /** {reasoning, content} per choice index, concatenated from the deltas. */
  private static String[][] assembleChat(List<JsonNode> chunks, int n) {
    StringBuilder[][] parts = new StringBuilder[n][2];
    for (StringBuilder[] p : parts) {
      p[0] = new StringBuilder();
      p[1] = new StringBuilder();
    }
    for (JsonNode chunk : chunks) {
      for (JsonNode choice : chunk.get("choices")) {
        JsonNode delta = choice.get("delta");
        int i = choice.get("index").asInt();
        parts[i][0].append(delta.path("reasoning_content").asText(""));
        parts[i][1].append(delta.path("content").asText(""));
      }
    }
    String[][] out = new String[n][2];
    for (int i = 0; i < n; i++) {
      out[i][0] = parts[i][0].toString();
      out[i][1] = parts[i][1].toString();
    }
    return out;
  }

  @Test
  public void streamedChatDeltasConcatenateToTheNonStreamedMessages() throws Exception {
    SimConfig config =
        SimConfig.builder().replicas(1).timeScale(500).medianOutputTokens(400).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/chat/completions";
      JsonNode whole = HttpJson.postJson(url, CHAT_PREFIX + ",\"n\":2}", 200);
      Streamed streamed =
          stream(url, CHAT_PREFIX + ",\"n\":2,\"stream\":true,\"stream_options\":{}}");
      assertEquals(200, streamed.status());
      assertEquals("text/event-stream; charset=utf-8", streamed.contentType());
      assertNull(streamed.failure());
      assertTrue(streamed.done());
      List<JsonNode> chunks = streamed.chunks();
      String[][] parts = assembleChat(chunks, 2);
      for (int i = 0; i < 2; i++) {
        JsonNode message = whole.get("choices").get(i).get("message");
        assertEquals(message.get("reasoning_content").asText(), parts[i][0]);
        assertEquals(message.path("content").asText(""), parts[i][1]);
        assertFalse(parts[i][0].isEmpty());
      }
      // role chunks first, one choice per chunk, one finish per choice, usage last
      for (int i = 0; i < 2; i++) {
        JsonNode role = chunks.get(i).get("choices").get(0);
        assertEquals(i, role.get("index").asInt());
        assertEquals("assistant", role.get("delta").get("role").asText());
      }
      int[] finishes = new int[2];
      for (JsonNode chunk : chunks.subList(0, chunks.size() - 1)) {
        assertEquals(1, chunk.get("choices").size());
        assertFalse(chunk.has("usage"));
        JsonNode choice = chunk.get("choices").get(0);
        if (!choice.get("finish_reason").isNull()) {
          finishes[choice.get("index").asInt()]++;
          assertEquals(
              whole.get("choices").get(choice.get("index").asInt()).get("finish_reason").asText(),
              choice.get("finish_reason").asText());
          assertTrue(choice.has("stop_reason"));
        } else {
          assertFalse(choice.has("stop_reason"));
        }
      }
      assertEquals(1, finishes[0]);
      assertEquals(1, finishes[1]);
      JsonNode usage = chunks.get(chunks.size() - 1);
      assertEquals(0, usage.get("choices").size());
      assertEquals(whole.get("usage"), usage.get("usage"));
      // tokens are coalesced: far fewer events than tokens, but more than one per choice
      int completion = usage.get("usage").get("completion_tokens").asInt();
      assertTrue(chunks.size() > 6 && chunks.size() < completion);
      assertEquals(2, fleet.requestLog().size());
      assertNull(fleet.requestLog().get(1).fault());
      assertEquals(completion, (int) fleet.requestLog().get(1).completionTokens());
    }
  }

  @Test
  public void streamedCompletionsTextEqualsTheNonStreamedTextAndUsageIsOptional() throws Exception {
    SimConfig config =
        SimConfig.builder().replicas(1).timeScale(500).medianOutputTokens(300).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/completions";
      String body = "{\"prompt\":\"Count to a hundred\",\"seed\":5,\"max_tokens\":250";
      JsonNode whole = HttpJson.postJson(url, body + "}", 200);
      Streamed streamed = stream(url, body + ",\"stream\":true}");
      assertTrue(streamed.done());
      StringBuilder text = new StringBuilder();
      String finish = null;
      for (JsonNode chunk : streamed.chunks()) {
        assertEquals("text_completion", chunk.get("object").asText());
        assertTrue(chunk.get("usage").isNull());
        JsonNode choice = chunk.get("choices").get(0);
        text.append(choice.get("text").asText());
        if (!choice.get("finish_reason").isNull()) {
          finish = choice.get("finish_reason").asText();
        }
      }
      JsonNode choice = whole.get("choices").get(0);
      assertEquals(choice.get("text").asText(), text.toString());
      assertEquals(choice.get("finish_reason").asText(), finish);
    }
  }

  @Test
  public void eventsFollowTheEngineRatherThanArrivingAtTheEnd() throws Exception {
    // 1.5B model, one sequence: ~3 ms a token, so 1500 tokens take ~4.5 s simulated, ~1.5 s wall
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(3)
            .medianOutputTokens(1500)
            .outputSigma(0)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/completions";
      Streamed streamed =
          stream(url, "{\"prompt\":\"pace me\",\"seed\":1,\"max_tokens\":1500,\"stream\":true}");
      assertTrue(streamed.done());
      List<Long> times = streamed.eventMs();
      long first = times.get(0);
      long last = times.get(times.size() - 1);
      assertTrue("first event at " + first + " ms, last at " + last, last - first > 500);
      assertTrue("first event at " + first + " ms, last at " + last, first < last / 3);
      // events keep coming: no gap covers half of the stream
      for (int i = 1; i < times.size(); i++) {
        assertTrue(times.get(i) - times.get(i - 1) < (last - first) / 2);
      }
    }
  }

  @Test
  public void headersGoOutAtSubmissionAndTheFirstEventAfterTheQueueWait() throws Exception {
    for (boolean atFirstToken : new boolean[] {false, true}) {
      SimConfig config =
          SimConfig.builder()
              .replicas(1)
              .timeScale(5)
              .maxNumSeqs(1)
              .medianOutputTokens(1000)
              .outputSigma(0)
              .streamHeadersAtFirstToken(atFirstToken)
              .build();
      try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
        String base = fleet.endpoints().get(0);
        // occupies the only batch slot for ~0.7 s of wall time
        CompletableFuture<HttpResponse<String>> blocker =
            HttpJson.CLIENT.sendAsync(
                HttpRequest.newBuilder(URI.create(base + "/v1/completions"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"prompt\":\"block\",\"seed\":2,\"max_tokens\":1500}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(100);
        Streamed queued =
            stream(
                base + "/v1/completions",
                "{\"prompt\":\"queued\",\"seed\":3,\"max_tokens\":20,\"stream\":true}");
        assertEquals(200, blocker.get(10, TimeUnit.SECONDS).statusCode());
        assertTrue(queued.done());
        long firstEvent = queued.eventMs().get(0);
        assertTrue("first event at " + firstEvent, firstEvent > 300);
        if (atFirstToken) {
          assertTrue("headers at " + queued.headersMs(), queued.headersMs() > 300);
        } else {
          assertTrue(
              "headers at " + queued.headersMs() + ", first event at " + firstEvent,
              queued.headersMs() < firstEvent - 200);
        }
      }
    }
  }

  @Test
  public void stalledStreamKeepsTheConnectionOpenThenEndsWithoutDone() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(20)
            .medianOutputTokens(600)
            .outputSigma(0)
            .streamStallRate(1)
            .streamStallMillis(600)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      Streamed streamed =
          stream(
              fleet.endpoints().get(0) + "/v1/chat/completions",
              CHAT_PREFIX + ",\"max_tokens\":600,\"stream\":true}");
      assertEquals(200, streamed.status());
      assertFalse(streamed.done());
      assertFalse(streamed.eventMs().isEmpty());
      long lastEvent = streamed.eventMs().get(streamed.eventMs().size() - 1);
      assertTrue(
          "last event " + lastEvent + " ms, end " + streamed.endMs(),
          streamed.endMs() - lastEvent >= 550);
      for (JsonNode chunk : streamed.chunks()) {
        assertTrue(chunk.get("choices").get(0).get("finish_reason").isNull());
      }
      RequestLogEntry entry = fleet.requestLog().get(0);
      assertEquals("stream_stall", entry.fault());
      assertEquals(200, entry.status());
    }
  }

  @Test
  public void droppedStreamBreaksTheConnectionWithoutDone() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(50)
            .medianOutputTokens(600)
            .streamDropRate(1)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/completions";
      Streamed streamed =
          stream(url, "{\"prompt\":\"drop\",\"seed\":4,\"max_tokens\":400,\"stream\":true}");
      assertEquals(200, streamed.status());
      assertNotNull("an abrupt close is an I/O error, not a clean end", streamed.failure());
      assertFalse(streamed.done());
      assertEquals("stream_drop", fleet.requestLog().get(0).fault());
      // the fault applies to streams only
      HttpJson.postJson(url, "{\"prompt\":\"drop\",\"seed\":4,\"max_tokens\":40}", 200);
      assertNull(fleet.requestLog().get(1).fault());
    }
  }

  @Test
  public void inBandErrorEventIsFollowedByDoneInEitherErrorShape() throws Exception {
    for (ErrorShape shape : ErrorShape.values()) {
      SimConfig config =
          SimConfig.builder()
              .replicas(1)
              .timeScale(50)
              .medianOutputTokens(600)
              .errorShape(shape)
              .streamErrorRate(1)
              .build();
      try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
        Streamed streamed =
            stream(
                fleet.endpoints().get(0) + "/v1/chat/completions",
                CHAT_PREFIX + ",\"max_tokens\":400,\"stream\":true}");
        assertEquals(200, streamed.status());
        assertNull(streamed.failure());
        assertTrue(streamed.done());
        List<JsonNode> chunks = streamed.chunks();
        JsonNode error = chunks.get(chunks.size() - 1).get("error");
        assertNotNull(chunks.toString(), error);
        assertEquals(500, error.get("code").asInt());
        assertTrue(error.get("message").asText().startsWith("EngineCore encountered an issue."));
        assertEquals(shape == ErrorShape.FLAT, error.has("object"));
        assertEquals("stream_error", fleet.requestLog().get(0).fault());
      }
    }
  }

  @Test
  public void streamFaultsAreDrawnDeterministicallyAtTheirRates() throws Exception {
    List<String> first = null;
    for (int run = 0; run < 2; run++) {
      SimConfig config =
          SimConfig.builder()
              .replicas(1)
              .timeScale(100_000)
              .streamDropRate(0.2)
              .streamErrorRate(0.2)
              .faultSeed(5)
              .build();
      List<String> faults = new ArrayList<>();
      try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
        String url = fleet.endpoints().get(0) + "/v1/completions";
        for (int i = 0; i < 60; i++) {
          stream(url, "{\"prompt\":\"f\",\"seed\":" + i + ",\"max_tokens\":30,\"stream\":true}");
        }
        for (RequestLogEntry e : fleet.requestLog()) {
          faults.add(String.valueOf(e.fault()));
        }
      }
      long drops = faults.stream().filter("stream_drop"::equals).count();
      long errors = faults.stream().filter("stream_error"::equals).count();
      assertTrue(faults.toString(), drops >= 4 && drops <= 22);
      assertTrue(faults.toString(), errors >= 4 && errors <= 22);
      if (first != null) {
        assertEquals(first, faults);
      }
      first = faults;
    }
  }

  @Test
  public void clientDisconnectAbortsTheStreamAndFreesTheSlot() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(2)
            .medianOutputTokens(5000)
            .outputSigma(0)
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String base = fleet.endpoints().get(0);
      HttpResponse<InputStream> response =
          HttpJson.CLIENT.send(
              HttpRequest.newBuilder(URI.create(base + "/v1/completions"))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"prompt\":\"long\",\"seed\":1,\"max_tokens\":5000,\"stream\":true}"))
                  .build(),
              HttpResponse.BodyHandlers.ofInputStream());
      InputStream body = response.body();
      assertTrue(body.read() >= 0);
      assertTrue(running(base) > 0);
      body.close();
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (running(base) > 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(0.0, running(base), 0);
      assertEquals(
          1.0,
          metric(base, "vllm:request_success_total{engine=\"0\",finished_reason=\"abort\""),
          0);
      while (fleet.requestLog().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals("disconnected", fleet.requestLog().get(0).fault());
    }
  }

  private static double running(String base) throws IOException {
    return metric(base, "vllm:num_requests_running{");
  }

  private static double metric(String base, String prefix) throws IOException {
    for (String line : HttpJson.get(base + "/metrics").body().split("\n")) {
      if (line.startsWith(prefix)) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError("no metric " + prefix);
  }
}
