package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sampling.SeedDerivation;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.InFlightPeak;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;

/**
 * Tail copies against the simulated fleet over HTTP: the samples a slow replica still runs at the
 * end are copied to the fast one, each sample still ends as one generation with the same text, and
 * a cancelled streamed copy is aborted by the server.
 */
public class TailCopyTest {
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();
  private static final SamplingParams PARAMS = SamplingParams.defaults().withMaxTokens(600);

  /**
   * Fewer samples than routing needs answered before it passes a slow replica over early ({@link
   * ReplicaSet#MIN_ANSWERED}): the slow replica then keeps its samples until the backlog fits the
   * fast one, and they are still running when nothing waits to be sent. With more, the slow replica
   * can be passed over so early that it has finished before then, leaving nothing to copy (what the
   * early pass-over is for, but not what this test is about).
   */
  private static final int PROBLEMS = 9;

  private static final int K = 2;
  private static final int CAP = 4;

  private static SimConfig fleet() {
    Map<String, String> answers = new HashMap<>();
    for (int p = 0; p < PROBLEMS; p++) {
      answers.put(problem(p), Integer.toString(p + 2));
    }
    // replica 0 runs every step 10x slower than replica 1: its samples run for seconds, long
    // enough to be copied (TailCopies.MIN_RUNNING), and a copy started on the fast replica beats
    // its original unless that was nearly done
    return SimConfig.builder()
        .replicas(2)
        .slowReplicas(1)
        .slowFactor(10)
        .timeScale(4)
        .medianOutputTokens(250)
        .answerKey(AnswerKey.of(answers))
        .build();
  }

  private static String problem(int p) {
    return "Tail copy problem " + p + ": what is " + p + " + 2?";
  }

  private static List<SampleRequest> samples() {
    List<SampleRequest> out = new ArrayList<>();
    for (int p = 0; p < PROBLEMS; p++) {
      for (int i = 0; i < K; i++) {
        out.add(
            new SampleRequest(
                "d",
                "p" + p,
                problem(p),
                List.of(Integer.toString(p + 2)),
                i,
                K,
                SeedDerivation.seed(5, "d", "p" + p, i)));
      }
    }
    return out;
  }

  /** Every sample through a dispatcher; the generations by sample. */
  private static Map<SampleRequest, Generation> run(OpenAiClient client) throws Exception {
    // the window is the fleet's cap, as in eval: what the dispatcher holds back is the backlog
    GenerationDispatcher dispatcher =
        new GenerationDispatcher(client, TEMPLATE, PARAMS, 2 * CAP, 1);
    for (SampleRequest request : samples()) {
      dispatcher.submit(request);
    }
    dispatcher.flush();
    Map<SampleRequest, Generation> out = new HashMap<>();
    while (dispatcher.unfinished() > 0) {
      Generation g = dispatcher.take();
      assertNull(g.errorMessage(), g.errorClass());
      assertNull("one generation per sample: " + g.request(), out.put(g.request(), g));
    }
    return out;
  }

  private static ClientConfig.Builder config(SimulatedFleet fleet) {
    return ClientConfig.builder(fleet.endpoints()).maxInFlightPerReplica(CAP);
  }

  @Test
  public void theSlowReplicasLastSamplesAreCopiedAndEachSampleEndsOnceWithItsOwnText()
      throws Exception {
    assertTrue(PROBLEMS * K < ReplicaSet.MIN_ANSWERED);
    Map<SampleRequest, Generation> once;
    try (SimulatedFleet fleet = SimulatedFleet.start(fleet());
        OpenAiClient client = new OpenAiClient(config(fleet).tailCopies(false).build())) {
      once = run(client);
      assertEquals(0, client.takeNewTailCopies()[0]);
      assertEquals(PROBLEMS * K, generationRequests(fleet).size());
    }

    SimulatedFleet fleet = SimulatedFleet.start(fleet());
    long[] copies;
    try (OpenAiClient client = new OpenAiClient(config(fleet).build())) {
      Map<SampleRequest, Generation> copied = run(client);
      copies = client.takeNewTailCopies();
      assertTrue("no tail copy was started", copies[0] > 0);
      assertTrue("no copy answered first: " + copies[1] + " of " + copies[0], copies[1] > 0);
      assertEquals("counted once", 0, client.takeNewTailCopies()[0]);

      assertEquals(once.keySet(), copied.keySet());
      for (Map.Entry<SampleRequest, Generation> e : copied.entrySet()) {
        // the same seed draws the same sample, whichever replica answered
        assertEquals(once.get(e.getKey()).text(), e.getValue().text());
        assertEquals(once.get(e.getKey()).completionTokens(), e.getValue().completionTokens());
      }
      // an original its copy beat runs on (the simulator does not abort a non-streaming request
      // whose client left): wait until both replicas are idle, so the log holds every request
      awaitIdle(fleet);
    } finally {
      fleet.close();
    }
    List<RequestLogEntry> log = generationRequests(fleet);
    // a copy whose original answered before the copy was sent never reaches the server
    assertTrue(
        log.size() + " requests for " + copies[0] + " copies",
        log.size() > PROBLEMS * K && log.size() <= PROBLEMS * K + copies[0]);
    Map<String, Integer> sentTo = new HashMap<>();
    List<RequestLogEntry> byArrival = new ArrayList<>(log);
    byArrival.sort(Comparator.comparingLong(RequestLogEntry::arrivalMs));
    for (RequestLogEntry e : byArrival) {
      Integer first = sentTo.putIfAbsent(e.promptHash() + "/" + e.seed(), e.replica());
      if (first != null) {
        assertEquals("a copy of a sample of the slow replica", 0, (int) first);
        assertEquals("goes to the fast one", 1, e.replica());
      }
    }
    // the cap holds on every replica, the copies' slots included
    assertTrue("slow replica peak " + InFlightPeak.of(log, 0), InFlightPeak.of(log, 0) <= CAP);
    assertTrue("fast replica peak " + InFlightPeak.of(log, 1), InFlightPeak.of(log, 1) <= CAP);
  }

  @Test
  public void aCancelledStreamIsAbortedByTheServer() throws Exception {
    SimConfig config =
        SimConfig.builder().replicas(1).timeScale(5).medianOutputTokens(3000).build();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      StreamingResponse streamed =
          new StreamingResponse(
              Api.COMPLETIONS, 1, Duration.ofSeconds(30), Duration.ofSeconds(30), timer);
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(fleet.endpoints().get(0) + "/v1/completions"))
              .header("Content-Type", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofString(
                      "{\"prompt\":\"think for a long time\",\"seed\":1,\"max_tokens\":4000,"
                          + "\"stream\":true}"))
              .build();
      CompletableFuture<?> response = http.sendAsync(request, streamed);
      TimeUnit.MILLISECONDS.sleep(300);
      streamed.cancel();
      try {
        response.get(10, TimeUnit.SECONDS);
      } catch (ExecutionException expected) {
        // the cancelled stream fails the exchange
      }
      RequestLogEntry logged = null;
      for (int i = 0; i < 100 && logged == null; i++) {
        List<RequestLogEntry> log = generationRequests(fleet);
        logged = log.isEmpty() ? null : log.get(0);
        TimeUnit.MILLISECONDS.sleep(50);
      }
      assertEquals("disconnected", logged.fault());
      assertTrue(
          "aborted long before its 4000 tokens: " + logged.completionTokens(),
          logged.completionTokens() == null || logged.completionTokens() < 4000);
    } finally {
      timer.shutdownNow();
    }
  }

  private static void awaitIdle(SimulatedFleet fleet) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    Pattern busy = Pattern.compile("vllm:num_requests_(running|waiting)\\{[^}]*} ([0-9.]+)");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    for (String endpoint : fleet.endpoints()) {
      while (true) {
        String metrics =
            http.send(
                    HttpRequest.newBuilder(URI.create(endpoint + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
        double open = 0;
        Matcher m = busy.matcher(metrics);
        while (m.find()) {
          open += Double.parseDouble(m.group(2));
        }
        if (open == 0) {
          break;
        }
        assertTrue(endpoint + " still busy: " + metrics, System.nanoTime() < deadline);
        TimeUnit.MILLISECONDS.sleep(50);
      }
    }
  }

  private static List<RequestLogEntry> generationRequests(SimulatedFleet fleet) {
    List<RequestLogEntry> out = new ArrayList<>();
    for (RequestLogEntry e : fleet.requestLog()) {
      if (e.endpoint().contains("completions")) {
        out.add(e);
      }
    }
    return out;
  }
}
