package io.mathbeam.core.client;

import static io.mathbeam.core.client.ScriptedServer.chatBody;
import static io.mathbeam.core.client.ScriptedServer.nestedError;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.After;
import org.junit.Test;

/** AIMD per replica: 503 bursts shrink the window, successes grow it back to the hard cap. */
public class AdaptiveConcurrencyTest {
  private static final int CAP = 8;

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
  public void burstOf503ShrinksTheWindowThenSuccessesGrowItBack() throws Exception {
    server =
        ScriptedServer.start(
            (request, index) ->
                index < CAP
                    ? Reply.json(503, nestedError("The request queue is full.", 503))
                    : Reply.json(200, chatBody("ok", null, "stop")).delayed(30));
    client =
        new OpenAiClient(
            ClientConfig.builder(List.of(server.url()))
                .model("test-model")
                .maxInFlightPerReplica(CAP)
                .unhealthyAfterFailures(1000)
                .build(),
            scheduler,
            new Random(5));

    runConcurrently(CAP, 0);
    double shrunk = window();
    assertTrue("window after the 503 burst: " + shrunk, shrunk < CAP - 1);
    assertTrue(shrunk >= 1);
    assertTrue(server.maxConcurrent() <= CAP);

    server.resetMaxConcurrent();
    runConcurrently(CAP, 100);
    assertTrue(
        "the shrunk window limits concurrency: " + server.maxConcurrent(),
        server.maxConcurrent() < CAP);
    assertTrue(server.maxConcurrent() <= Math.floor(window()));

    server.resetMaxConcurrent();
    runConcurrently(5 * CAP, 200);
    assertEquals(CAP, window(), 1e-9);
    assertTrue(server.maxConcurrent() <= CAP);
    assertEquals(0, client.stats().inFlightByReplica().get(server.url()).intValue());
  }

  private double window() {
    return client.stats().concurrencyWindowByReplica().get(server.url());
  }

  private void runConcurrently(int samples, int firstIndex) throws Exception {
    List<CompletableFuture<Generation>> futures = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
      futures.add(
          client.generate(
              OpenAiClientTest.request("p" + (firstIndex + i), 0),
              PromptTemplate.defaults(),
              SamplingParams.defaults().withMaxTokens(256)));
    }
    for (CompletableFuture<Generation> future : futures) {
      Generation generation = future.get(20, TimeUnit.SECONDS);
      assertNull(generation.errorMessage(), generation.errorClass());
    }
  }
}
