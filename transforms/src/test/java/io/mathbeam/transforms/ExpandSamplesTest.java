package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.ProblemKeys;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.SeedDerivation;
import io.mathbeam.transforms.coders.ProblemCoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;

public class ExpandSamplesTest {
  private static final long BASE_SEED = 42;
  private static final List<String> OPTIONS = List.of("red", "green", "blue", "yellow");

  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static final List<Problem> PROBLEMS =
      List.of(
          new Problem("d", "p1", "What is 1+1?", List.of("2"), 3, "f.jsonl:1"),
          new Problem("d", "p2", "What is 2+2?", List.of("4"), 1, "f.jsonl:2"),
          new Problem("e", "p1", "What is 3+3?", List.of("6"), 2, "g.jsonl:1"));

  private PCollection<SampleRequest> expand(List<Problem> problems, ExpandSamples transform) {
    return pipeline.apply(Create.of(problems).withCoder(ProblemCoder.of())).apply(transform);
  }

  @Test
  public void fansEachProblemOutIntoItsSamplesWithSeedsDerivedFromTheBaseSeed() {
    PCollection<SampleRequest> requests =
        expand(PROBLEMS, ExpandSamples.withBaseSeed(BASE_SEED).withReshuffle(false));

    List<SampleRequest> expected = new ArrayList<>();
    for (Problem p : PROBLEMS) {
      for (int i = 0; i < p.samples(); i++) {
        expected.add(
            new SampleRequest(
                p.datasetId(),
                p.problemId(),
                p.problem(),
                p.goldAnswers(),
                i,
                p.samples(),
                SeedDerivation.seed(BASE_SEED, p.datasetId(), p.problemId(), i)));
      }
    }
    PAssert.that(requests).containsInAnyOrder(expected);
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void problemsNamedWithTheirOwnSamplesGetSamplesZeroToTheirCount() {
    PCollection<SampleRequest> requests =
        expand(
            PROBLEMS,
            ExpandSamples.withBaseSeed(BASE_SEED)
                .withReshuffle(false)
                .withProblemSamples(
                    Map.of(ProblemKeys.of("d", "p1"), 5, ProblemKeys.of("e", "p1"), 1)));
    PAssert.that(requests)
        .satisfies(
            all -> {
              Map<String, Set<Integer>> indices = new HashMap<>();
              for (SampleRequest r : all) {
                indices
                    .computeIfAbsent(r.datasetId() + "/" + r.problemId(), k -> new HashSet<>())
                    .add(r.sampleIndex());
                assertEquals(
                    SeedDerivation.seed(BASE_SEED, r.datasetId(), r.problemId(), r.sampleIndex()),
                    r.seed());
              }
              assertEquals(Set.of(0, 1, 2, 3, 4), indices.get("d/p1"));
              // not named: its dataset's K
              assertEquals(Set.of(0), indices.get("d/p2"));
              assertEquals(Set.of(0), indices.get("e/p1"));
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void redistributingKeepsEveryRequestOnceWithDistinctSeeds() {
    PCollection<SampleRequest> requests = expand(PROBLEMS, ExpandSamples.withBaseSeed(BASE_SEED));

    PAssert.that(requests)
        .satisfies(
            all -> {
              Set<String> samples = new HashSet<>();
              Set<Long> seeds = new HashSet<>();
              for (SampleRequest r : all) {
                assertTrue(
                    samples.add(r.datasetId() + "/" + r.problemId() + "#" + r.sampleIndex()));
                seeds.add(r.seed());
              }
              assertEquals(6, samples.size());
              assertEquals(6, seeds.size());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void shuffledChoicesKeepTheGoldLetterOnTheCorrectOption() {
    // gold B: "green"
    Problem choice =
        new Problem("mc", "q1", "Which colour?", List.of("B"), 8, "mc.jsonl:1", OPTIONS);
    PCollection<SampleRequest> requests =
        expand(
            List.of(choice),
            ExpandSamples.withBaseSeed(BASE_SEED).withReshuffle(false).withShuffledChoices(true));

    PAssert.that(requests)
        .satisfies(
            all -> {
              Set<List<String>> orders = new HashSet<>();
              int count = 0;
              for (SampleRequest r : all) {
                count++;
                assertEquals(Set.copyOf(OPTIONS), Set.copyOf(r.choices()));
                int gold = r.goldAnswers().get(0).charAt(0) - 'A';
                assertEquals("green", r.choices().get(gold));
                orders.add(r.choices());
              }
              assertEquals(8, count);
              assertTrue("8 seeds drew a single order: " + orders, orders.size() > 1);
              return null;
            });
    pipeline.run().waitUntilFinish();
  }
}
