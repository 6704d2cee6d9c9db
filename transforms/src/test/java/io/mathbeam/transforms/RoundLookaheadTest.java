package io.mathbeam.transforms;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sampling.SeedDerivation;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The driver's lookahead between rounds, against the simulated fleet: it hears and grades the
 * round's samples, sends the next indices ahead as the pipeline's fan-out would make them, caches
 * the answers no round took, and a later attempt of the run does not send those again.
 */
public class RoundLookaheadTest {
  private static final int PROBLEMS = 3;
  private static final long BASE_SEED = 7;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void sendsTheNextIndicesAheadCachesThemAndALaterAttemptDoesNotSendThemAgain()
      throws Exception {
    String cacheDir = tmp.newFolder("cache").getPath();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      GenerationConfig config = config(fleet, cacheDir, "attempt-1");
      try (RoundLookahead lookahead = RoundLookahead.open(config, BASE_SEED, false)) {
        SharedGeneration shared = SharedGeneration.acquire(config);
        try {
          lookahead.roundStarts();
          List<Generation> round = runRound(shared.dispatcher(), 0, 2, lookahead);
          assertEquals(PROBLEMS * 2, round.size());
          Map<String, int[]> heard = awaitHeard(lookahead, 2);
          // graded as the pipeline grades them
          Map<String, int[]> graded = new HashMap<>();
          Grader grader = new Grader();
          for (Generation g : round) {
            int[] c = graded.computeIfAbsent(g.request().problemId(), id -> new int[2]);
            c[0]++;
            c[1] += GradeResponses.grade(grader, g).status() == GradeStatus.CORRECT ? 1 : 0;
          }
          assertEquals(graded.keySet(), heard.keySet());
          graded.forEach((id, c) -> assertArrayEquals(id, c, heard.get(id)));

          assertEquals(PROBLEMS * 2, lookahead.aim("d", 2, 4));
          assertEquals("already sent ahead", 0, lookahead.aim("d", 2, 4));
          awaitCacheLines(cacheDir, PROBLEMS * 2);
          // the round after asks for 2..3: taken over, none sent again
          assertEquals(PROBLEMS * 2, runRound(shared.dispatcher(), 2, 4, lookahead).size());
          long[] unused = lookahead.unused("d", 4);
          assertEquals("every sample sent ahead was asked for", 0, unused[0]);
          assertEquals(PROBLEMS * 2, lookahead.sent());
        } finally {
          shared.release();
        }
      }
      int requests = completions(fleet);
      assertEquals(PROBLEMS * 4, requests);

      // a later attempt of the run: what the first sent ahead is in the cache and not sent again
      GenerationConfig again = config(fleet, cacheDir, "attempt-2");
      try (RoundLookahead lookahead = RoundLookahead.open(again, BASE_SEED, false)) {
        SharedGeneration shared = SharedGeneration.acquire(again);
        try {
          lookahead.roundStarts();
          runRound(shared.dispatcher(), 4, 5, lookahead);
          awaitHeard(lookahead, 1);
          assertEquals("sent ahead by the first attempt", 0, lookahead.aim("d", 2, 4));
          assertEquals(PROBLEMS, lookahead.aim("d", 5, 6));
          // a phase planned per problem: p0 one more, p1 three more (one of them sent already),
          // p2 none
          assertEquals(
              3,
              lookahead.aim(
                  "d", Map.of("p0", 6, "p1", 5, "p2", 6), Map.of("p0", 7, "p1", 8, "p2", 6)));
          // used as planned, none is left over once all are answered; p1 ending at 7 leaves one
          Map<String, Integer> planned = Map.of("p0", 7, "p1", 8, "p2", 6);
          awaitNoneUnused(lookahead, planned);
          assertEquals(1, lookahead.unused("d", Map.of("p0", 7, "p1", 7, "p2", 6))[0]);
        } finally {
          shared.release();
        }
      }
    }
  }

  /** Submits samples from..to-1 of every problem as a round's pipeline would, and drains them. */
  private static List<Generation> runRound(
      GenerationDispatcher dispatcher, int from, int to, RoundLookahead lookahead)
      throws InterruptedException {
    GenerationDispatcher.Batch batch = dispatcher.newBatch();
    for (int p = 0; p < PROBLEMS; p++) {
      for (int i = from; i < to; i++) {
        batch.submit(request(p, i, to));
      }
    }
    batch.flush();
    assertTrue(lookahead.roundSent());
    List<Generation> out = new ArrayList<>();
    while (batch.unfinished() > 0) {
      out.add(batch.take());
    }
    return out;
  }

  /** Waits until every sample sent ahead is answered and within {@code used} (none in flight). */
  private static void awaitNoneUnused(RoundLookahead lookahead, Map<String, Integer> used)
      throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    long[] unused = {-1};
    while (System.nanoTime() < deadline) {
      unused = lookahead.unused("d", used);
      if (unused[0] == 0) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError(unused[0] + " samples sent ahead left unused or in flight");
  }

  private static Map<String, int[]> awaitHeard(RoundLookahead lookahead, int each)
      throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < deadline) {
      Map<String, int[]> heard = lookahead.outcomes("d", 0, Integer.MAX_VALUE);
      if (heard.size() == PROBLEMS && heard.values().stream().allMatch(c -> c[0] >= each)) {
        return heard;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the round's samples were not heard");
  }

  private static void awaitCacheLines(String cacheDir, int lines)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    int found = 0;
    while (System.nanoTime() < deadline) {
      found = 0;
      try (Stream<Path> files = Files.list(Path.of(cacheDir))) {
        for (Path f :
            files.filter(f -> f.getFileName().toString().contains("lookahead")).toList()) {
          found += Files.readAllLines(f).size();
        }
      }
      if (found == lines) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("cached " + found + " of " + lines + " samples sent ahead");
  }

  private static int completions(SimulatedFleet fleet) {
    return (int)
        fleet.requestLog().stream().filter(e -> e.endpoint().contains("completions")).count();
  }

  private static SampleRequest request(int p, int index, int perProblem) {
    return new SampleRequest(
        "d",
        "p" + p,
        text(p),
        List.of(Integer.toString(p + 2)),
        index,
        perProblem,
        SeedDerivation.seed(BASE_SEED, "d", "p" + p, index));
  }

  private static GenerationConfig config(SimulatedFleet fleet, String cacheDir, String runId) {
    return new GenerationConfig(
            ClientConfig.builder(fleet.endpoints()).maxInFlightPerReplica(8).build(),
            PromptTemplate.defaults(),
            SamplingParams.defaults().withMaxTokens(1024),
            16,
            cacheDir,
            runId)
        .withGroups(2);
  }

  private static SimConfig sim() {
    Map<String, String> answers = new HashMap<>();
    for (int p = 0; p < PROBLEMS; p++) {
      answers.put(text(p), Integer.toString(p + 2));
    }
    return SimConfig.builder().replicas(1).timeScale(500).answerKey(AnswerKey.of(answers)).build();
  }

  private static String text(int p) {
    return "Lookahead round problem " + p + ": what is " + p + " + 2?";
  }
}
