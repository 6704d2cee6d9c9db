package io.mathbeam.core.client;

import static io.mathbeam.core.client.ScriptedServer.chatBody;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.After;
import org.junit.Test;

/** Attempt timeouts sized from max_tokens and the replica's observed pace. */
public class AttemptTimeoutTest {
  private static final String HANG = "hang";
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

  private final RecordingScheduler scheduler = new RecordingScheduler();
  private ScriptedServer server;
  private OpenAiClient client;

  @After
  public void close() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
    scheduler.close();
  }

  @Test
  public void hangingRequestTimesOutLongBeforeRequestTimeoutWhileNormalOnesFinish()
      throws Exception {
    // One millisecond per token, every request generates all of its max_tokens.
    server =
        ScriptedServer.start(
            (request, index) -> {
              int maxTokens = request.json().get("max_tokens").asInt();
              String body =
                  chatBody("ok", null, "length")
                      .replace("\"completion_tokens\":10", "\"completion_tokens\":" + maxTokens);
              boolean hang = request.body().contains(HANG);
              return Reply.json(200, body).delayed(hang ? 10_000 : maxTokens);
            });
    client =
        new OpenAiClient(
            ClientConfig.builder(List.of(server.url()))
                .model("test-model")
                .maxAttempts(1)
                .requestTimeout(REQUEST_TIMEOUT)
                .timeoutBase(Duration.ofMillis(50))
                .minRequestTimeout(Duration.ofMillis(100))
                .build(),
            scheduler,
            new Random(1));

    for (int i = 0; i < 5; i++) {
      Generation warmUp = generate("p" + i, 100);
      assertNull(warmUp.errorMessage(), warmUp.errorClass());
    }
    Generation longer = generate("long", 400);
    long started = System.nanoTime();
    Generation hung = generate(HANG, 100);
    long waitedMillis = (System.nanoTime() - started) / 1_000_000;

    assertNull(longer.errorMessage(), longer.errorClass());
    assertEquals(ErrorClass.TIMEOUT, hung.errorClass());
    assertTrue("timed out after " + waitedMillis + " ms", waitedMillis < 3_000);
    assertTrue(hung.errorMessage(), !hung.errorMessage().contains(REQUEST_TIMEOUT.toString()));
  }

  @Test
  public void paceEstimateIsNotUsedBeforeAnyObservation() {
    GenerationPace pace = new GenerationPace();

    assertEquals(
        REQUEST_TIMEOUT,
        pace.timeout(100, Duration.ofMillis(50), Duration.ofMillis(100), REQUEST_TIMEOUT));
  }

  @Test
  public void timeoutScalesWithMaxTokensWithinItsBounds() {
    GenerationPace pace = new GenerationPace();
    pace.observe(Duration.ofMillis(100).toNanos(), 100); // 1 ms/token, deviation 0.5 ms

    // 50 ms + 1000 tokens * (1 + 4 * 0.5) ms * 3 = 9050 ms
    assertEquals(
        Duration.ofMillis(9050),
        pace.timeout(1000, Duration.ofMillis(50), Duration.ofMillis(100), REQUEST_TIMEOUT));
    assertEquals(
        Duration.ofMillis(100),
        pace.timeout(1, Duration.ZERO, Duration.ofMillis(100), REQUEST_TIMEOUT));
    assertEquals(
        REQUEST_TIMEOUT,
        pace.timeout(100_000, Duration.ofMillis(50), Duration.ofMillis(100), REQUEST_TIMEOUT));
  }

  @Test
  public void timeoutDoublesThePaceEstimate() {
    GenerationPace pace = new GenerationPace();
    pace.observe(Duration.ofMillis(100).toNanos(), 100);

    pace.timedOut();

    assertEquals(0.002, pace.secondsPerToken(), 1e-12);
  }

  private Generation generate(String problemId, int maxTokens) throws Exception {
    return client
        .generate(
            OpenAiClientTest.request(problemId, 0),
            PromptTemplate.defaults(),
            SamplingParams.defaults().withMaxTokens(maxTokens))
        .get(30, TimeUnit.SECONDS);
  }
}
