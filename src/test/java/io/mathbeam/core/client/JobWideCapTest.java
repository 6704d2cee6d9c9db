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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.Test;

/**
 * Two clients stand for two worker JVMs of one job: with per-client caps they put twice the cap on
 * a replica; holding disjoint leases of the job-wide cap they never exceed it together, and one
 * client holding every lease fills it.
 */
public class JobWideCapTest {
  private static final PromptTemplate TEMPLATE = PromptTemplate.defaults();
  private static final SamplingParams PARAMS = SamplingParams.defaults().withMaxTokens(1024);
  private static final int CAP = 8;
  private static final int SHARDS = 4;
  private static final int PROBLEMS = 40;

  @Test
  public void twoWorkersWithDisjointLeasesStayWithinEachReplicasCap() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      List<Generation> all = runTwoWorkers(fleet, SHARDS, List.of(List.of(0, 1), List.of(2, 3)));

      assertEverySampleOnce(all);
      for (int r = 0; r < 2; r++) {
        int peak = InFlightPeak.of(generationLog(fleet), r);
        assertTrue("replica " + r + " served " + peak + " at once, cap " + CAP, peak <= CAP);
        assertTrue("replica " + r + " peaked at only " + peak, peak >= CAP - 1);
      }
    }
  }

  @Test
  public void twoWorkersWithTheirOwnCapsPutTwiceTheCapOnAReplica() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      List<Generation> all = runTwoWorkers(fleet, 0, List.of(List.of(), List.of()));

      assertEverySampleOnce(all);
      int peak =
          Math.max(
              InFlightPeak.of(generationLog(fleet), 0), InFlightPeak.of(generationLog(fleet), 1));
      // what the leases prevent: each worker fills its own cap on the same replica
      assertTrue("peak " + peak + " should exceed the cap " + CAP, peak > CAP);
    }
  }

  @Test
  public void samplesOfAnEjectedReplicaMoveWithoutExceedingTheOthersCap() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      fleet.killReplica(1);
      List<Generation> all = runTwoWorkers(fleet, SHARDS, List.of(List.of(0, 1), List.of(2, 3)));

      assertEverySampleOnce(all);
      int peak = InFlightPeak.of(generationLog(fleet), 0);
      assertTrue("the surviving replica served " + peak + " at once", peak <= CAP);
    }
  }

  private static SimConfig sim() {
    Map<String, String> answers = new HashMap<>();
    for (int p = 0; p < PROBLEMS; p++) {
      answers.put(text(p), Integer.toString(p + 1));
    }
    return SimConfig.builder().replicas(2).timeScale(100).answerKey(AnswerKey.of(answers)).build();
  }

  /**
   * Each worker is a client of its own (as in its own JVM) holding the given leases, and draws half
   * of the problems' samples through a dispatcher as wide as its leases.
   */
  private static List<Generation> runTwoWorkers(
      SimulatedFleet fleet, int shards, List<List<Integer>> leases) throws Exception {
    ClientConfig config =
        ClientConfig.builder(fleet.endpoints())
            .maxInFlightPerReplica(CAP)
            .capShards(shards)
            .maxAttempts(8)
            .build();
    ExecutorService workers = Executors.newFixedThreadPool(2);
    try {
      List<Future<List<Generation>>> results = new ArrayList<>();
      CompletableFuture<Void> go = new CompletableFuture<>();
      for (int w = 0; w < 2; w++) {
        int worker = w;
        results.add(
            workers.submit(
                () -> {
                  try (OpenAiClient client = new OpenAiClient(config)) {
                    List<CapLease> held = new ArrayList<>();
                    for (int shard : leases.get(worker)) {
                      held.add(client.lease(shard));
                    }
                    int window =
                        shards == 0 ? 2 * CAP : held.stream().mapToInt(CapLease::sequences).sum();
                    GenerationDispatcher dispatcher =
                        new GenerationDispatcher(client, TEMPLATE, PARAMS, window, 1);
                    go.join();
                    List<Generation> out = drain(dispatcher, samples(worker));
                    held.forEach(CapLease::close);
                    return out;
                  }
                }));
      }
      go.complete(null);
      List<Generation> all = new ArrayList<>();
      for (Future<List<Generation>> result : results) {
        all.addAll(result.get());
      }
      return all;
    } finally {
      workers.shutdownNow();
    }
  }

  private static List<Generation> drain(GenerationDispatcher dispatcher, List<SampleRequest> all)
      throws InterruptedException {
    List<Generation> out = new ArrayList<>();
    all.forEach(dispatcher::submit);
    dispatcher.flush();
    while (dispatcher.unfinished() > 0) {
      out.add(dispatcher.take());
    }
    return out;
  }

  /** Worker w's samples: the problems p with p % 2 == w, 6 samples each. */
  private static List<SampleRequest> samples(int worker) {
    List<SampleRequest> out = new ArrayList<>();
    for (int p = worker; p < PROBLEMS; p += 2) {
      for (int i = 0; i < 6; i++) {
        out.add(
            new SampleRequest(
                "d",
                "p" + p,
                text(p),
                List.of(Integer.toString(p + 1)),
                i,
                6,
                SeedDerivation.seed(5, "d", "p" + p, i)));
      }
    }
    return out;
  }

  private static String text(int p) {
    return "Shared-cap problem " + p + ": what is " + p + " + 1?";
  }

  private static List<RequestLogEntry> generationLog(SimulatedFleet fleet) {
    List<RequestLogEntry> log = new ArrayList<>();
    for (RequestLogEntry e : fleet.requestLog()) {
      if (e.endpoint().contains("completions") && e.status() == 200) {
        log.add(e);
      }
    }
    return log;
  }

  private static void assertEverySampleOnce(List<Generation> all) {
    assertEquals(PROBLEMS * 6, all.size());
    Set<String> seen = new HashSet<>();
    for (Generation g : all) {
      assertNull(g.errorMessage(), g.errorClass());
      assertTrue(seen.add(g.request().problemId() + "#" + g.request().sampleIndex()));
    }
  }
}
