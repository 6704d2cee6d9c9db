package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.graded;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.judge.JudgeMode;
import io.mathbeam.core.judge.JudgePrompt;
import io.mathbeam.core.judge.RewardSource;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.JudgeVerdict;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.core.sim.JudgeBehavior;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** JudgeSamples against a strict simulated judge over HTTP. */
public class JudgeSamplesTest {
  private static final PromptTemplate AS_IS =
      new PromptTemplate(null, PromptTemplate.PROBLEM_PLACEHOLDER);

  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  /** Gold 2 everywhere: the grader accepted "2"; "2.0" and "3" it marked wrong. */
  private static final List<GradedSample> SAMPLES =
      List.of(
          graded("d", "trusted", 0, "2", GradeStatus.CORRECT),
          graded("d", "equivalent", 0, "2.0", GradeStatus.INCORRECT),
          graded("d", "wrong", 0, "3", GradeStatus.INCORRECT),
          new GradedSample(
              TestSamples.failed(TestSamples.request("d", "failed", 0, "2")),
              null,
              GradeStatus.REQUEST_ERROR,
              0));

  private static JudgeConfig judge(SimulatedFleet fleet, String cacheDir, RewardSource reward) {
    GenerationConfig generation =
        new GenerationConfig(
            ClientConfig.builder(fleet.endpoints()).samplesPerRequest(1).capShards(0).build(),
            AS_IS,
            new SamplingParams(0.0, 1.0, 0, 0.0, 1.0, 64, List.of()),
            4,
            cacheDir,
            "judge-samples-test-" + UUID.randomUUID() + "/judge");
    return new JudgeConfig(generation, JudgePrompt.defaults(), JudgeMode.CASCADE, reward);
  }

  private static SimulatedFleet startJudge() {
    return SimulatedFleet.start(
        SimConfig.builder().replicas(1).timeScale(200).judge(JudgeBehavior.strict()).build());
  }

  private PCollection<GradedSample> judged(JudgeConfig config) {
    return pipeline
        .apply(Create.of(SAMPLES).withCoder(GradedSampleCoder.of()))
        .apply(JudgeSamples.using(config));
  }

  private static Map<String, GradedSample> byProblem(Iterable<GradedSample> all) {
    Map<String, GradedSample> out = new HashMap<>();
    all.forEach(s -> assertNull(out.put(s.request().problemId(), s)));
    assertEquals(SAMPLES.size(), out.size());
    return out;
  }

  @Test
  public void cascadeAsksTheJudgeOnlyAboutRejectedAnswersAndTakesItsVerdict() {
    try (SimulatedFleet fleet = startJudge()) {
      PAssert.that(judged(judge(fleet, null, RewardSource.JUDGE)))
          .satisfies(
              all -> {
                Map<String, GradedSample> by = byProblem(all);
                assertNull(by.get("trusted").judgment());
                assertEquals(GradeStatus.CORRECT, by.get("trusted").status());
                assertNull(by.get("failed").judgment());
                assertEquals(GradeStatus.REQUEST_ERROR, by.get("failed").status());

                GradedSample equivalent = by.get("equivalent");
                assertEquals(JudgeVerdict.CORRECT, equivalent.judgment().verdict());
                assertEquals(GradeStatus.CORRECT, equivalent.status());
                assertEquals(GradeStatus.INCORRECT, equivalent.symbolicStatus());
                GradedSample wrong = by.get("wrong");
                assertEquals(JudgeVerdict.INCORRECT, wrong.judgment().verdict());
                assertEquals(GradeStatus.INCORRECT, wrong.status());
                return null;
              });
      pipeline.run().waitUntilFinish();
      assertEquals(List.of("2.0", "3"), fleet.judgedAnswers().stream().sorted().toList());
    }
  }

  @Test
  public void judgmentsInTheJudgesCacheAreReusedWithoutARequest() throws Exception {
    String cacheDir = tmp.newFolder("judge-cache").getPath();
    try (SimulatedFleet fleet = startJudge()) {
      JudgeConfig config = judge(fleet, cacheDir, RewardSource.JUDGE);
      // an earlier run's judgment of "2.0": INCORRECT, which the live judge would not say
      GradedSample equivalent = SAMPLES.get(1);
      GenerationCacheWriter earlier = new GenerationCacheWriter(cacheDir, 30, "earlier-run");
      Generation reply = TestSamples.answered(config.request(equivalent), "INCORRECT");
      earlier.append(CachedGenerationJson.line(SampleKeys.of(reply.request()), reply));
      earlier.close();

      PAssert.that(judged(config))
          .satisfies(
              all -> {
                Map<String, GradedSample> by = byProblem(all);
                assertEquals(JudgeVerdict.INCORRECT, by.get("equivalent").judgment().verdict());
                assertEquals(GradeStatus.INCORRECT, by.get("equivalent").status());
                assertEquals(JudgeVerdict.INCORRECT, by.get("wrong").judgment().verdict());
                return null;
              });
      pipeline.run().waitUntilFinish();
      assertEquals(List.of("3"), fleet.judgedAnswers());
    }
  }

  @Test
  public void aJudgeThatIsOffLeavesTheSamplesAsTheyAre() {
    PCollection<GradedSample> in =
        pipeline.apply(Create.of(SAMPLES).withCoder(GradedSampleCoder.of()));
    assertSame(in, in.apply(JudgeSamples.using(JudgeConfig.off())));
    PAssert.that(in).containsInAnyOrder(SAMPLES);
    pipeline.run().waitUntilFinish();
  }
}
