package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.answered;
import static io.mathbeam.transforms.TestSamples.request;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.regrade.DatasetChanges;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StatusMove;
import io.mathbeam.core.regrade.StoredGrade;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.transforms.coders.StoredSampleCoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class GradeStoredSamplesTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void gradesEachStoredSampleAgainAndComparesItWithItsStoredGrade() {
    List<StoredSample> stored =
        List.of(
            // graded wrong by an older grader: now correct
            new StoredSample(
                answered(request("d", "fixed", 0, "1/2"), "\\boxed{0.5}"),
                new StoredGrade("incorrect", null, "g/1", false)),
            // the same grade as before
            new StoredSample(
                answered(request("d", "same", 0, "2"), "\\boxed{3}"),
                new StoredGrade("incorrect", "3", "g/1", false)));

    PCollectionTuple out =
        pipeline
            .apply(Create.of(inBatches(stored)).withCoder(ListCoder.of(StoredSampleCoder.of())))
            .apply(GradeStoredSamples.writingSamplesTo(tmp.getRoot().getPath()));

    PAssert.that(out.get(SampleParts.PROBLEM_SAMPLES))
        .satisfies(
            all -> {
              Map<String, String> by = new HashMap<>();
              for (KV<Integer, List<ProblemSample>> group : all) {
                for (ProblemSample s : group.getValue()) {
                  by.put(s.problemId(), s.status());
                }
              }
              assertEquals(
                  Map.of(
                      "fixed", GradeStatus.CORRECT.wireName(),
                      "same", GradeStatus.INCORRECT.wireName()),
                  by);
              return null;
            });
    PAssert.that(out.get(GradeStoredSamples.OUTCOMES))
        .satisfies(
            all -> {
              RegradeTally tally = new RegradeTally();
              List<VerdictChange> changed = new ArrayList<>();
              for (KV<RegradeTally, List<VerdictChange>> outcome : all) {
                tally.merge(outcome.getKey());
                changed.addAll(outcome.getValue());
              }
              assertEquals("only the changed sample leaves as a record", 1, changed.size());
              VerdictChange fixed = changed.get(0);
              assertEquals("fixed", fixed.problemId());
              assertEquals("incorrect", fixed.oldStatus());
              assertEquals("correct", fixed.newStatus());
              assertEquals(Grader.VERSION, fixed.newGraderVersion());
              assertEquals(List.of(new StatusMove("incorrect", "correct", 1)), tally.moves());
              DatasetChanges d = tally.datasets().get("d");
              assertEquals(2, d.samples());
              assertEquals(1, d.changed());
              assertEquals("the unchanged sample kept its answer", 0, d.answerOnly());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void aBundleWithManyChangesEmitsThemInBoundedPartsEachWithItsTally() {
    int n = 2 * GradeStoredSamples.CHANGES_HELD + 52;
    List<StoredSample> stored = gradedWrongBefore(n, "\\boxed{0.5}");
    PCollectionTuple out =
        pipeline
            .apply(Create.of(inBatches(stored)).withCoder(ListCoder.of(StoredSampleCoder.of())))
            .apply(GradeStoredSamples.writingSamplesTo(tmp.getRoot().getPath()));

    PAssert.that(out.get(GradeStoredSamples.OUTCOMES))
        .satisfies(
            all -> {
              RegradeTally tally = new RegradeTally();
              int changes = 0;
              int parts = 0;
              for (KV<RegradeTally, List<VerdictChange>> outcome : all) {
                int size = outcome.getValue().size();
                assertTrue(
                    "a part holds at most CHANGES_HELD", size <= GradeStoredSamples.CHANGES_HELD);
                assertEquals(
                    "a part's tally counts the samples of its changes",
                    size,
                    outcome.getKey().datasets().containsKey("d")
                        ? outcome.getKey().datasets().get("d").changed()
                        : 0);
                tally.merge(outcome.getKey());
                changes += size;
                parts++;
              }
              assertTrue("more changes than two parts hold leave in three or more", parts >= 3);
              assertEquals(n, changes);
              assertEquals(n, tally.datasets().get("d").samples());
              assertEquals(List.of(new StatusMove("incorrect", "correct", n)), tally.moves());
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void writingSamplesItselfEmitsOnlyTheirSmallPartsAndTheFilesItWrote() throws Exception {
    List<StoredSample> stored = gradedWrongBefore(5, "So it is \\boxed{0.5}.");
    String outputDir = tmp.getRoot().getPath();
    PCollectionTuple out =
        pipeline
            .apply(Create.of(inBatches(stored)).withCoder(ListCoder.of(StoredSampleCoder.of())))
            .apply(GradeStoredSamples.writingSamplesTo(outputDir));

    PAssert.that(out.get(SampleParts.PROBLEM_SAMPLES))
        .satisfies(
            all -> {
              int n = 0;
              for (KV<Integer, List<ProblemSample>> group : all) {
                for (ProblemSample s : group.getValue()) {
                  assertEquals("correct", s.status());
                  assertEquals(WriteResults.bucketOf(s.problemKey()), (int) group.getKey());
                  n++;
                }
              }
              assertEquals(5, n);
              return null;
            });
    PAssert.that(out.get(SampleParts.TALLIES))
        .satisfies(
            all -> {
              int n = 0;
              for (var kv : all) {
                assertEquals("d", kv.getKey());
                n++;
              }
              assertEquals(5, n);
              return null;
            });
    PAssert.that(out.get(SampleParts.SAMPLE_FILES))
        .satisfies(
            files -> {
              long rows = 0;
              for (String file : files) {
                try {
                  rows += ParquetRecords.readAll(file).size();
                } catch (java.io.IOException e) {
                  throw new AssertionError(e);
                }
              }
              assertEquals(5, rows);
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  /**
   * {@code n} samples of problems p0, p1, ... (gold answer 1/2) answering {@code response}, each
   * stored as graded incorrect by an older grader.
   */
  private static List<StoredSample> gradedWrongBefore(int n, String response) {
    List<StoredSample> stored = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      stored.add(
          new StoredSample(
              answered(request("d", "p" + i, 0, "1/2"), response),
              new StoredGrade("incorrect", null, "g/1", false)));
    }
    return stored;
  }

  /** The samples in batches of 7, as the stored samples' source emits them (the last one short). */
  private static List<List<StoredSample>> inBatches(List<StoredSample> stored) {
    List<List<StoredSample>> batches = new ArrayList<>();
    for (int i = 0; i < stored.size(); i += 7) {
      batches.add(List.copyOf(stored.subList(i, Math.min(stored.size(), i + 7))));
    }
    return batches;
  }
}
