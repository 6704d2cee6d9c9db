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
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

/** The window of sequences in flight and n-batching, against the simulated fleet over HTTP. */
public class GenerationDispatcherTest {
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();
  private static final SamplingParams PARAMS = SamplingParams.defaults().withMaxTokens(1024);

  private static List<SampleRequest> samples(int problems, int k) {
    List<SampleRequest> out = new ArrayList<>();
    for (int p = 0; p < problems; p++) {
      String text = "Dispatcher problem " + p + ": what is " + p + " + 1?";
      for (int i = 0; i < k; i++) {
        out.add(
            new SampleRequest(
                "d",
                "p" + p,
                text,
                List.of(Integer.toString(p + 1)),
                i,
                k,
                SeedDerivation.seed(3, "d", "p" + p, i)));
      }
    }
    return out;
  }

  private static Map<String, String> answers(int problems) {
    Map<String, String> out = new HashMap<>();
    for (int p = 0; p < problems; p++) {
      out.put("Dispatcher problem " + p + ": what is " + p + " + 1?", Integer.toString(p + 1));
    }
    return out;
  }

  /** Submits everything, then drains; returns the generations in completion order. */
  private static List<Generation> runAll(GenerationDispatcher dispatcher, List<SampleRequest> all)
      throws InterruptedException {
    List<Generation> out = new ArrayList<>();
    for (SampleRequest request : all) {
      dispatcher.submit(request);
      Generation ready;
      while ((ready = dispatcher.poll()) != null) {
        out.add(ready);
      }
    }
    dispatcher.flush();
    while (dispatcher.unfinished() > 0) {
      out.add(dispatcher.take());
    }
    return out;
  }

  @Test
  public void everySampleYieldsOneGenerationAndTheWindowIsNeverExceeded() throws Exception {
    SimConfig sim =
        SimConfig.builder()
            .replicas(2)
            .timeScale(2000)
            .answerKey(AnswerKey.of(answers(20)))
            .build();
    List<SampleRequest> all = samples(20, 6);
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.builder(fleet.endpoints()).maxInFlightPerReplica(64).build())) {
      GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 10, 1);
      List<Generation> generations = runAll(dispatcher, all);

      assertEquals(all.size(), generations.size());
      Set<SampleRequest> seen = new HashSet<>();
      for (Generation g : generations) {
        assertNull(g.errorMessage(), g.errorClass());
        assertTrue("duplicate " + g.request(), seen.add(g.request()));
      }
      assertEquals(new HashSet<>(all), seen);
      assertTrue("window 10, saw " + dispatcher.maxInFlight(), dispatcher.maxInFlight() <= 10);
      assertEquals("the window filled", 10, dispatcher.maxInFlight());
      List<RequestLogEntry> log = new ArrayList<>();
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.endpoint().contains("completions")) {
          log.add(e);
        }
      }
      assertTrue("the fleet saw " + fleetPeak(log) + " in flight", fleetPeak(log) <= 10);
    }
  }

  @Test
  public void samplesOfAProblemAreBatchedWithNAndKeepTheirSeeds() throws Exception {
    SimConfig sim =
        SimConfig.builder().replicas(1).timeScale(2000).answerKey(AnswerKey.of(answers(5))).build();
    List<SampleRequest> all = samples(5, 6);
    List<Generation> single;
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client = new OpenAiClient(ClientConfig.of(fleet.endpoints().get(0)))) {
      single = runAll(new GenerationDispatcher(client, TEMPLATE, PARAMS, 64, 1), all);
    }
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.builder(fleet.endpoints()).samplesPerRequest(4).build())) {
      List<Generation> batched =
          runAll(new GenerationDispatcher(client, TEMPLATE, PARAMS, 64, 4), all);

      List<Integer> sizes = new ArrayList<>();
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.endpoint().contains("completions")) {
          sizes.add(e.n());
        }
      }
      sizes.sort(null);
      // 6 samples per problem, at most 4 per request: one n=4 and one n=2 request each
      assertEquals(List.of(2, 2, 2, 2, 2, 4, 4, 4, 4, 4), sizes);
      assertEquals(byRequest(single), byRequest(batched));
      // usage counts a request's tokens together; the per-choice split is an estimate (Completion)
      assertEquals(tokensByProblem(single), tokensByProblem(batched));
    }
  }

  @Test
  public void heldBackSamplesGoOutOnFlush() throws Exception {
    SimConfig sim =
        SimConfig.builder().replicas(1).timeScale(2000).answerKey(AnswerKey.of(answers(1))).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.builder(fleet.endpoints()).samplesPerRequest(8).build())) {
      GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 64, 8);
      for (SampleRequest request : samples(1, 3)) {
        dispatcher.submit(request);
      }
      assertEquals("waiting for more samples of the problem", 3, dispatcher.pending());
      dispatcher.flush();
      assertEquals(0, dispatcher.pending());
      for (int i = 0; i < 3; i++) {
        Generation g = dispatcher.take();
        assertNull(g.errorMessage(), g.errorClass());
      }
      assertEquals(0, dispatcher.unfinished());
      assertEquals(3, fleet.requestLog().get(0).n().intValue());
    }
  }

  @Test
  public void batchesSubmittingAtOnceDoNotCutEachOthersProblemsShort() throws Exception {
    SimConfig sim =
        SimConfig.builder().replicas(1).timeScale(2000).answerKey(AnswerKey.of(answers(2))).build();
    List<SampleRequest> all = samples(2, 6);
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.builder(fleet.endpoints()).samplesPerRequest(4).build())) {
      GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 64, 4);
      GenerationDispatcher.Batch first = dispatcher.newBatch();
      GenerationDispatcher.Batch second = dispatcher.newBatch();
      // two consumers, one problem each, their samples interleaved
      for (int i = 0; i < 6; i++) {
        first.submit(all.get(i));
        second.submit(all.get(6 + i));
      }
      first.flush();
      second.flush();
      for (GenerationDispatcher.Batch batch : List.of(first, second)) {
        while (batch.unfinished() > 0) {
          assertNull(batch.take().errorClass());
        }
      }

      List<Integer> sizes = new ArrayList<>();
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.endpoint().contains("completions")) {
          sizes.add(e.n());
        }
      }
      sizes.sort(null);
      assertEquals(List.of(2, 2, 4, 4), sizes);
    }
  }

  @Test
  public void aClosedClientStillYieldsOneFailurePerSample() throws Exception {
    OpenAiClient client = new OpenAiClient(ClientConfig.of("http://127.0.0.1:9"));
    client.close();
    GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 4, 1);
    List<Generation> generations = runAll(dispatcher, samples(50, 40));

    assertEquals(2000, generations.size());
    for (Generation g : generations) {
      assertTrue(g.failed());
    }
    assertEquals(0, dispatcher.inFlight());
  }

  private static Map<SampleRequest, String> byRequest(List<Generation> generations) {
    Map<SampleRequest, String> out = new HashMap<>();
    for (Generation g : generations) {
      out.put(g.request(), g.reasoning() + "|" + g.text() + "|" + g.finishReason());
    }
    return out;
  }

  /** Most requests open at once across all replicas (finishes sort before equal arrivals). */
  private static int fleetPeak(List<RequestLogEntry> log) {
    List<long[]> events = new ArrayList<>();
    for (RequestLogEntry e : log) {
      events.add(new long[] {e.arrivalMs(), 1});
      events.add(new long[] {e.finishMs(), -1});
    }
    events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    int current = 0;
    int peak = 0;
    for (long[] event : events) {
      current += (int) event[1];
      peak = Math.max(peak, current);
    }
    return peak;
  }

  private static Map<String, Integer> tokensByProblem(List<Generation> generations) {
    Map<String, Integer> out = new HashMap<>();
    for (Generation g : generations) {
      out.merge(g.request().problemKey(), g.completionTokens(), Integer::sum);
    }
    return out;
  }

  @Test
  public void withAnEarlierRunsLengthsTheInputIsGatheredBeforeTheLongestGoesFirst()
      throws Exception {
    SimConfig sim =
        SimConfig.builder().replicas(1).timeScale(2000).answerKey(AnswerKey.of(answers(3))).build();
    List<SampleRequest> all = samples(3, 2);
    // the earlier run: problem 2's samples were by far the longest, problem 0's the shortest
    LengthPriors.Builder lengths = LengthPriors.builder();
    for (SampleRequest r : all) {
      int p = Integer.parseInt(r.problemId().substring(1));
      lengths.add(r.problemKey(), r.seed(), 100 + 1000 * p);
    }
    LengthPriors priors = lengths.build();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        OpenAiClient client = new OpenAiClient(ClientConfig.of(fleet.endpoints().get(0)))) {
      // one sequence at a time: the order sent is the order answered
      GenerationDispatcher dispatcher =
          new GenerationDispatcher(client, TEMPLATE, PARAMS, 1, 1, null, priors);
      for (SampleRequest r : all.subList(0, all.size() - 1)) {
        dispatcher.submit(r);
      }
      dispatcher.flush();
      // problem 2's samples arrive last; without gathering problem 0's first would have gone.
      // The end of a batch is no end of the input: the earlier run had one sample more
      assertEquals("nothing is sent while the input may grow", 0, dispatcher.inFlight());
      dispatcher.submit(all.get(all.size() - 1));
      dispatcher.flush();
      List<String> answered = new ArrayList<>();
      while (dispatcher.unfinished() > 0) {
        answered.add(dispatcher.take().request().problemId());
      }
      assertEquals(List.of("p2", "p2", "p1", "p1", "p0", "p0"), answered);
    }
  }

  @Test
  public void gatheringEndsAfterItsTimeEvenIfTheInputIsNotFlushed() throws Exception {
    SimConfig sim =
        SimConfig.builder().replicas(1).timeScale(2000).answerKey(AnswerKey.of(answers(2))).build();
    List<SampleRequest> all = samples(2, 2);
    LengthPriors.Builder lengths = LengthPriors.builder();
    for (SampleRequest r : all) {
      lengths.add(r.problemKey(), r.seed(), 200);
    }
    lengths.add("d/elsewhere", 1, 300);
    try (SimulatedFleet fleet = SimulatedFleet.start(sim);
        RecordingScheduler scheduler = new RecordingScheduler();
        OpenAiClient client =
            new OpenAiClient(
                ClientConfig.of(fleet.endpoints().get(0)), scheduler, new java.util.Random(1))) {
      GenerationDispatcher dispatcher =
          new GenerationDispatcher(client, TEMPLATE, PARAMS, 4, 1, null, lengths.build());
      for (SampleRequest r : all) {
        dispatcher.submit(r);
      }
      // the earlier run had more samples than arrive: the gathering's end sends them
      for (int i = 0; i < all.size(); i++) {
        assertNull(dispatcher.take().errorClass());
      }
      assertTrue(scheduler.delays().toString(), scheduler.delays().contains(InputGathering.GATHER));
    }
  }
}
