package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
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

/**
 * Samples sent ahead of the batch that will ask for them: they go only when no submitted sample
 * waits, and a batch takes each over (queued, in flight or answered) without a second request.
 */
public class DispatcherLookaheadTest {
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();
  private static final SamplingParams PARAMS = SamplingParams.defaults().withMaxTokens(1024);

  /**
   * Samples {@code from..to-1} of each problem; {@code perProblem} is the round's K, which is not
   * part of a sample's identity (the next round asks for the same sample with a larger K).
   */
  private static List<SampleRequest> samples(int problems, int from, int to, int perProblem) {
    List<SampleRequest> out = new ArrayList<>();
    for (int p = 0; p < problems; p++) {
      for (int i = from; i < to; i++) {
        out.add(
            new SampleRequest(
                "d",
                "p" + p,
                "Lookahead problem " + p + ": what is " + p + " + 1?",
                List.of(Integer.toString(p + 1)),
                i,
                perProblem,
                SeedDerivation.seed(5, "d", "p" + p, i)));
      }
    }
    return out;
  }

  private static SimConfig fleet(int problems, double timeScale) {
    Map<String, String> answers = new HashMap<>();
    for (int p = 0; p < problems; p++) {
      answers.put("Lookahead problem " + p + ": what is " + p + " + 1?", Integer.toString(p + 1));
    }
    return SimConfig.builder()
        .replicas(1)
        .timeScale(timeScale)
        .answerKey(AnswerKey.of(answers))
        .build();
  }

  private static List<RequestLogEntry> completions(SimulatedFleet fleet) {
    List<RequestLogEntry> out = new ArrayList<>();
    for (RequestLogEntry e : fleet.requestLog()) {
      if (e.endpoint().contains("completions")) {
        out.add(e);
      }
    }
    out.sort((a, b) -> Long.compare(a.arrivalMs(), b.arrivalMs()));
    return out;
  }

  private static List<Generation> drain(GenerationDispatcher.Batch batch)
      throws InterruptedException {
    batch.flush();
    List<Generation> out = new ArrayList<>();
    while (batch.unfinished() > 0) {
      out.add(batch.take());
    }
    return out;
  }

  @Test
  public void lookedAheadSamplesGoOnlyWhenNoSubmittedSampleWaits() throws Exception {
    List<SampleRequest> round = samples(4, 0, 2, 2);
    List<SampleRequest> ahead = samples(4, 2, 4, 2);
    try (SimulatedFleet fleet = SimulatedFleet.start(fleet(4, 200));
        OpenAiClient client = new OpenAiClient(ClientConfig.of(fleet.endpoints().get(0)))) {
      // one sequence at a time: the fleet sees the requests in the order they were sent
      GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 1, 1);
      GenerationDispatcher.Batch batch = dispatcher.newBatch();
      round.forEach(batch::submit);
      assertEquals(8, dispatcher.lookAhead(ahead));
      assertEquals("already looked ahead", 0, dispatcher.lookAhead(ahead));
      assertEquals(8, drain(batch).size());
      List<Generation> answers = new ArrayList<>();
      while (answers.size() < 8) {
        Generation g = dispatcher.pollLookahead(10_000);
        assertNotNull("a looked-ahead answer", g);
        answers.add(g);
      }
      List<RequestLogEntry> log = completions(fleet);
      assertEquals(16, log.size());
      Set<Long> roundSeeds = new HashSet<>();
      round.forEach(r -> roundSeeds.add(r.seed()));
      for (int i = 0; i < 8; i++) {
        assertTrue("request " + i + " is the round's", roundSeeds.contains(log.get(i).seed()));
      }
      assertEquals(8, dispatcher.lookaheadSent());
    }
  }

  @Test
  public void aBatchTakesOverLookedAheadSamplesInFlightAndAnsweredWithoutSendingThemAgain()
      throws Exception {
    List<SampleRequest> ahead = samples(4, 0, 2, 2);
    // the round that asks for them has K = 6: the same samples, its own requests
    List<SampleRequest> inFlight = samples(2, 0, 2, 6);
    List<SampleRequest> answered = samples(4, 0, 2, 6).subList(4, 8);
    try (SimulatedFleet fleet = SimulatedFleet.start(fleet(4, 5));
        OpenAiClient client = new OpenAiClient(ClientConfig.of(fleet.endpoints().get(0)))) {
      GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 16, 1);
      List<Generation> heard = new ArrayList<>();
      dispatcher.listen(
          g -> {
            synchronized (heard) {
              heard.add(g);
            }
          });
      dispatcher.lookAhead(ahead);
      assertEquals("all sent at once", 8, dispatcher.lookaheadInFlight());
      GenerationDispatcher.Batch first = dispatcher.newBatch();
      for (SampleRequest r : inFlight) {
        assertFalse("taken over, not sent", first.submit(r));
      }
      assertEquals(4, dispatcher.lookaheadInFlight());
      List<Generation> firstAnswers = drain(first);
      assertEquals(4, firstAnswers.size());
      for (int i = 0; i < 4; i++) {
        Generation g = firstAnswers.get(i);
        assertNull(g.errorMessage(), g.errorClass());
        assertEquals("answered as the batch's own request", 6, g.request().samplesPerProblem());
      }
      assertEquals(new HashSet<>(inFlight), requests(firstAnswers));
      // the other four were answered with no batch waiting: handed out, and still claimable
      List<Generation> unclaimed = new ArrayList<>();
      while (unclaimed.size() < 4) {
        Generation g = dispatcher.pollLookahead(30_000);
        assertNotNull(g);
        unclaimed.add(g);
      }
      GenerationDispatcher.Batch second = dispatcher.newBatch();
      answered.forEach(second::submit);
      List<Generation> secondAnswers = new ArrayList<>();
      Generation ready;
      while ((ready = second.poll()) != null) {
        secondAnswers.add(ready);
      }
      assertEquals("handed over at once", 4, secondAnswers.size());
      assertEquals(new HashSet<>(answered), requests(secondAnswers));
      assertEquals("every sample requested once", 8, completions(fleet).size());
      assertEquals("every answer heard", 8, heard.size());
      assertEquals(8, dispatcher.lookaheadSent());
      long[] unused = dispatcher.lookaheadUnused(r -> true, r -> r.sampleIndex() < 1);
      assertEquals("index 1 of each problem", 4, unused[0]);
      assertTrue(unused[1] > 0);
      assertEquals(0, dispatcher.outstanding());
      assertNull(dispatcher.pollLookahead(0));
      // a sample claimed once is not claimable again: a third asker sends it
      dispatcher.forgetLookahead();
      GenerationDispatcher.Batch third = dispatcher.newBatch();
      third.submit(answered.get(0));
      assertEquals(1, drain(third).size());
      assertEquals(9, completions(fleet).size());
    }
  }

  @Test
  public void withdrawnSamplesAreSentByTheBatchThatAsksForThem() throws Exception {
    List<SampleRequest> ahead = samples(2, 0, 2, 2);
    try (SimulatedFleet fleet = SimulatedFleet.start(fleet(2, 2000));
        OpenAiClient client = new OpenAiClient(ClientConfig.of(fleet.endpoints().get(0)))) {
      // window 0: nothing is sent until it widens
      GenerationDispatcher dispatcher = new GenerationDispatcher(client, TEMPLATE, PARAMS, 0, 1);
      dispatcher.lookAhead(ahead);
      assertEquals(2, dispatcher.withdrawLookahead(r -> r.sampleIndex() == 1));
      assertEquals(2, dispatcher.lookaheadQueued());
      GenerationDispatcher.Batch batch = dispatcher.newBatch();
      ahead.forEach(batch::submit);
      assertEquals("the queued two joined the batch", 0, dispatcher.lookaheadQueued());
      dispatcher.widen(4);
      List<Generation> answers = drain(batch);
      assertEquals(new HashSet<>(ahead), requests(answers));
      assertEquals(4, completions(fleet).size());
      assertEquals(0, dispatcher.lookaheadSent());
      assertFalse(answers.stream().anyMatch(Generation::failed));
    }
  }

  private static Set<SampleRequest> requests(List<Generation> generations) {
    Set<SampleRequest> out = new HashSet<>();
    generations.forEach(g -> out.add(g.request()));
    return out;
  }
}
