package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import io.mathbeam.core.sim.ReasoningField;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimConfigBuilder;
import io.mathbeam.core.sim.SimulatedFleet;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.AfterClass;
import org.junit.Rule;
import org.junit.Test;

/** Streamed generation responses read from the simulator over real HTTP/1.1. */
public class StreamingResponseTest {
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private static final ScheduledExecutorService TIMER =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "stream-test-timer");
            t.setDaemon(true);
            return t;
          });
  private static final Duration GENEROUS = Duration.ofSeconds(20);
  private static final String CHAT =
      "{\"messages\":[{\"role\":\"user\",\"content\":\"What is 6 times 7?\"}],\"seed\":21";

  @Rule public final ClosingRule closing = new ClosingRule();

  @AfterClass
  public static void stopTimer() {
    TIMER.shutdownNow();
  }

  private String start(SimConfigBuilder config) {
    return closing.track(SimulatedFleet.start(config.replicas(1).build())).endpoints().get(0);
  }

  private static HttpResponse<StreamingResponse.Body> send(
      String url, String body, StreamingResponse handler) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    try {
      return HTTP.sendAsync(request, handler).get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw unwrap(e);
    }
  }

  private static Exception unwrap(Throwable e) {
    Throwable cause = e;
    while ((cause instanceof ExecutionException || cause instanceof CompletionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause instanceof Exception ? (Exception) cause : new RuntimeException(cause);
  }

  private static List<Completion> wholeResponse(String url, String body, Api api, int n)
      throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(response.body(), 200, response.statusCode());
    return Completion.parseChoices(response.body(), api, n);
  }

  private static StreamingResponse handler(Api api, int n, Duration idle) {
    return new StreamingResponse(api, n, GENEROUS, idle, TIMER);
  }

  @Test
  public void streamedChoicesEqualTheNonStreamedOnesInEveryReasoningMode() throws Exception {
    for (ReasoningField field : ReasoningField.values()) {
      String base = start(SimConfig.builder().timeScale(500).reasoningField(field));
      String url = base + "/v1/chat/completions";
      List<Completion> whole = wholeResponse(url, CHAT + ",\"n\":2}", Api.CHAT, 2);
      HttpResponse<StreamingResponse.Body> streamed =
          send(
              url,
              CHAT + ",\"n\":2,\"stream\":true,\"stream_options\":{\"include_usage\":true}}",
              handler(Api.CHAT, 2, GENEROUS));
      assertEquals(200, streamed.statusCode());
      assertEquals(field.toString(), whole, streamed.body().completions());
      assertNull(streamed.body().text());
      assertTrue(whole.get(0).promptTokens() > 0);
      assertFalse(whole.get(0).text() == null && whole.get(0).reasoning() == null);
    }
  }

  @Test
  public void streamedCompletionsEndpointEqualsTheNonStreamedResponse() throws Exception {
    String url = start(SimConfig.builder().timeScale(500)) + "/v1/completions";
    String body = "{\"prompt\":\"Compute 2+2.\",\"seed\":8,\"n\":3,\"max_tokens\":300";
    List<Completion> whole = wholeResponse(url, body + "}", Api.COMPLETIONS, 3);
    List<Completion> streamed =
        send(
                url,
                body + ",\"stream\":true,\"stream_options\":{}}",
                handler(Api.COMPLETIONS, 3, GENEROUS))
            .body()
            .completions();
    assertEquals(whole, streamed);
  }

  @Test
  public void withoutUsageChunkTokenCountsAreALowerBound() throws Exception {
    String url = start(SimConfig.builder().timeScale(500)) + "/v1/chat/completions";
    List<Completion> whole = wholeResponse(url, CHAT + "}", Api.CHAT, 1);
    Completion streamed =
        send(url, CHAT + ",\"stream\":true}", handler(Api.CHAT, 1, GENEROUS))
            .body()
            .completions()
            .get(0);
    assertEquals(whole.get(0).text(), streamed.text());
    assertEquals(whole.get(0).reasoning(), streamed.reasoning());
    assertEquals(0, streamed.promptTokens());
    assertTrue(streamed.completionTokens() > 1);
    assertTrue(streamed.completionTokens() <= whole.get(0).completionTokens());
  }

  @Test
  public void eventsArriveWhileTheGenerationRuns() throws Exception {
    // one sequence of 1500 tokens at ~3 ms each, time scale 3: about 1.5 s of wall time
    String url =
        start(SimConfig.builder().timeScale(3).medianOutputTokens(1500).outputSigma(0))
            + "/v1/completions";
    long sent = System.nanoTime();
    HttpResponse<StreamingResponse.Body> response =
        send(
            url,
            "{\"prompt\":\"long\",\"seed\":1,\"max_tokens\":1500,\"stream\":true}",
            handler(Api.COMPLETIONS, 1, GENEROUS));
    long done = System.nanoTime();
    long firstEvent = response.body().firstEventNanos();
    assertTrue(firstEvent > sent);
    long toFirst = TimeUnit.NANOSECONDS.toMillis(firstEvent - sent);
    long total = TimeUnit.NANOSECONDS.toMillis(done - sent);
    assertTrue("first event after " + toFirst + " ms of " + total, total > 600);
    assertTrue("first event after " + toFirst + " ms of " + total, toFirst < total / 3);
  }

  @Test
  public void stalledStreamFailsWithIdleTimeoutLongBeforeTheGenerationEnds() throws Exception {
    // the generation takes ~3 s of wall time; the stalled stream would close 5 s after that
    String url =
        start(
                SimConfig.builder()
                    .timeScale(1)
                    .medianOutputTokens(1000)
                    .outputSigma(0)
                    .streamStallRate(1))
            + "/v1/completions";
    long sent = System.nanoTime();
    try {
      send(
          url,
          "{\"prompt\":\"stall\",\"seed\":1,\"max_tokens\":1000,\"stream\":true}",
          handler(Api.COMPLETIONS, 1, Duration.ofMillis(300)));
      fail("a stalled stream completed");
    } catch (StreamIdleTimeoutException e) {
      long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
      assertFalse(e.beforeFirstByte());
      assertEquals(Duration.ofMillis(300), e.limit());
      assertTrue("timed out after " + waited + " ms", waited >= 300 && waited < 2000);
    }
  }

  @Test
  public void firstByteTimeoutCancelsTheStreamAndTheServerAbortsIt() throws Exception {
    SimulatedFleet fleet =
        closing.track(
            SimulatedFleet.start(
                SimConfig.builder()
                    .replicas(1)
                    .timeScale(5)
                    .maxNumSeqs(1)
                    .medianOutputTokens(1000)
                    .outputSigma(0)
                    .build()));
    String url = fleet.endpoints().get(0) + "/v1/completions";
    // a plain request holds the only batch slot for ~0.7 s
    var blocker =
        HTTP.sendAsync(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"prompt\":\"block\",\"seed\":2,\"max_tokens\":1500}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    Thread.sleep(100);
    StreamingResponse impatient =
        new StreamingResponse(
            Api.COMPLETIONS, 1, Duration.ofMillis(150), Duration.ofSeconds(5), TIMER);
    try {
      send(url, "{\"prompt\":\"queued\",\"seed\":3,\"max_tokens\":50,\"stream\":true}", impatient);
      fail("a queued stream sent a byte within 150 ms");
    } catch (StreamIdleTimeoutException e) {
      assertTrue(e.beforeFirstByte());
    }
    assertEquals(200, blocker.get(10, TimeUnit.SECONDS).statusCode());
    // the cancelled subscription closed the connection: the server's first write fails
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (fleet.requestLog().size() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals("disconnected", fleet.requestLog().get(1).fault());
  }

  @Test
  public void droppedConnectionIsAnIncompleteStreamWithTheTransportCause() throws Exception {
    String url =
        start(SimConfig.builder().timeScale(50).streamDropRate(1)) + "/v1/chat/completions";
    try {
      send(url, CHAT + ",\"max_tokens\":400,\"stream\":true}", handler(Api.CHAT, 1, GENEROUS));
      fail("a dropped stream completed");
    } catch (IncompleteStreamException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("stream ended without [DONE]"));
      assertNotNull(e.getCause());
    }
  }

  @Test
  public void cleanEndWithoutDoneIsAnIncompleteStream() throws Exception {
    // a stall that the server ends 100 ms after the generation, before the 5 s idle limit
    String url =
        start(SimConfig.builder().timeScale(50).streamStallRate(1).streamStallMillis(100))
            + "/v1/completions";
    try {
      send(
          url,
          "{\"prompt\":\"x\",\"seed\":5,\"max_tokens\":200,\"stream\":true}",
          handler(Api.COMPLETIONS, 1, Duration.ofSeconds(5)));
      fail("a stream without [DONE] completed");
    } catch (IncompleteStreamException e) {
      assertEquals("stream ended without [DONE]", e.getMessage());
      assertNull(e.getCause());
    }
  }

  @Test
  public void inBandErrorEventIsATypedFailure() throws Exception {
    String url =
        start(SimConfig.builder().timeScale(50).streamErrorRate(1)) + "/v1/chat/completions";
    try {
      send(url, CHAT + ",\"max_tokens\":400,\"stream\":true}", handler(Api.CHAT, 1, GENEROUS));
      fail("a stream with an error event completed");
    } catch (StreamErrorEventException e) {
      assertEquals(500, e.status());
      assertTrue(e.getMessage(), e.getMessage().startsWith("EngineCore encountered an issue."));
    }
  }

  @Test
  public void errorStatusBodyIsReturnedAsText() throws Exception {
    String url = start(SimConfig.builder().timeScale(500)) + "/v1/chat/completions";
    HttpResponse<StreamingResponse.Body> response =
        send(url, CHAT + ",\"top_p\":7,\"stream\":true}", handler(Api.CHAT, 1, GENEROUS));
    assertEquals(400, response.statusCode());
    assertNull(response.body().completions());
    assertTrue(ErrorBody.parse(response.body().text()).message().contains("top_p"));
  }
}
