package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ClientConfig;
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
import io.mathbeam.transforms.coders.SampleRequestCoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * GenerateSamples against the simulated fleet over HTTP: one generation per request, in both ways
 * of holding the per-replica limits.
 */
public class GenerateSamplesTest {
  private static final int PROBLEMS = 12;
  private static final int K = 5;
  private static final int CAP = 4;

  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void everyRequestYieldsOneGenerationWithLimitsPerJvm() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      runAndCheck(fleet, 0, 0);
    }
  }

  @Test
  public void groupsSharingTheWorkersDispatcherYieldOneGenerationPerRequest() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      runAndCheck(fleet, 0, 3);
      assertTrue(peaks(fleet).stream().allMatch(peak -> peak <= CAP));
    }
  }

  @Test
  public void shardedGenerationYieldsOneGenerationPerRequestWithinTheCap() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      runAndCheck(fleet, 4, 0);
      List<Integer> peaks = peaks(fleet);
      assertTrue("peaks " + peaks + ", cap " + CAP, peaks.stream().allMatch(peak -> peak <= CAP));
    }
  }

  @Test
  public void samplesThisRunAlreadyCheckpointedAreEmittedWithoutARequest() throws Exception {
    String cacheDir = tmp.newFolder("cache").getPath();
    String runId = "retried-run-" + UUID.randomUUID();
    List<SampleRequest> requests = requests();
    // what a failed attempt of this run wrote before it was lost: the first problem's samples
    GenerationCacheWriter failedAttempt = new GenerationCacheWriter(cacheDir, 30, runId);
    for (SampleRequest r : requests.subList(0, K)) {
      failedAttempt.append(
          CachedGenerationJson.line(
              SampleKeys.of(r),
              Generation.builder(r)
                  .text("checkpointed")
                  .finishReason("stop")
                  .promptTokens(1)
                  .completionTokens(7)
                  .latencyMs(1)
                  .replica("x")
                  .attempts(1)
                  .build()));
    }
    failedAttempt.close();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim())) {
      PCollection<Generation> generations = generate(config(fleet, 0, 2, cacheDir, runId));
      PAssert.that(generations)
          .satisfies(
              all -> {
                int checkpointed = 0;
                Set<String> seen = new HashSet<>();
                for (Generation g : all) {
                  assertTrue(seen.add(g.request().problemId() + "#" + g.request().sampleIndex()));
                  if ("checkpointed".equals(g.text())) {
                    assertEquals("p0", g.request().problemId());
                    checkpointed++;
                  }
                }
                assertEquals(PROBLEMS * K, seen.size());
                assertEquals(K, checkpointed);
                return null;
              });
      pipeline.run().waitUntilFinish();
      long requested =
          fleet.requestLog().stream().filter(e -> e.endpoint().contains("completions")).count();
      assertEquals((PROBLEMS - 1) * K, requested);
    }
  }

  private static List<Integer> peaks(SimulatedFleet fleet) {
    List<RequestLogEntry> log = new ArrayList<>();
    for (RequestLogEntry e : fleet.requestLog()) {
      if (e.endpoint().contains("completions")) {
        log.add(e);
      }
    }
    List<Integer> peaks = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      peaks.add(InFlightPeak.of(log, r));
    }
    return peaks;
  }

  private static GenerationConfig config(
      SimulatedFleet fleet, int shards, int groups, String cacheDir, String runId) {
    return new GenerationConfig(
            ClientConfig.builder(fleet.endpoints())
                .maxInFlightPerReplica(CAP)
                .capShards(shards)
                .build(),
            PromptTemplate.defaults(),
            SamplingParams.defaults().withMaxTokens(1024),
            2 * CAP,
            cacheDir,
            runId)
        .withGroups(groups);
  }

  private PCollection<Generation> generate(GenerationConfig config) {
    return pipeline
        .apply(Create.of(requests()).withCoder(SampleRequestCoder.of()))
        .apply(GenerateSamples.using(config));
  }

  private void runAndCheck(SimulatedFleet fleet, int shards, int groups) {
    PCollection<Generation> generations =
        generate(config(fleet, shards, groups, null, "generate-samples-test-" + UUID.randomUUID()));

    PAssert.that(generations)
        .satisfies(
            all -> {
              Set<String> seen = new HashSet<>();
              for (Generation g : all) {
                assertEquals(g.errorMessage(), null, g.errorClass());
                assertTrue(seen.add(g.request().problemId() + "#" + g.request().sampleIndex()));
              }
              assertEquals(PROBLEMS * K, seen.size());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  private static List<SampleRequest> requests() {
    List<SampleRequest> out = new ArrayList<>();
    for (int p = 0; p < PROBLEMS; p++) {
      for (int i = 0; i < K; i++) {
        out.add(
            new SampleRequest(
                "d",
                "p" + p,
                text(p),
                List.of(Integer.toString(p * 3)),
                i,
                K,
                SeedDerivation.seed(1, "d", "p" + p, i)));
      }
    }
    return out;
  }

  private static SimConfig sim() {
    Map<String, String> answers = new HashMap<>();
    for (int p = 0; p < PROBLEMS; p++) {
      answers.put(text(p), Integer.toString(p * 3));
    }
    return SimConfig.builder().replicas(2).timeScale(200).answerKey(AnswerKey.of(answers)).build();
  }

  private static String text(int p) {
    return "Generation step problem " + p + ": what is 3 times " + p + "?";
  }
}
