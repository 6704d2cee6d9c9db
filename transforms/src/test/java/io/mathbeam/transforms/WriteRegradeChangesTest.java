package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.graded;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.regrade.GradeComparison;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StoredGrade;
import io.mathbeam.core.regrade.VerdictChange;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class WriteRegradeChangesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  /** Samples p0..p4 of dataset d: p1, p3 and p4 were incorrect and are now correct. */
  private static List<GradeComparison> comparisons() {
    List<GradeComparison> out = new ArrayList<>();
    for (int p = 0; p < 5; p++) {
      boolean changed = p == 1 || p == 3 || p == 4;
      StoredGrade old = new StoredGrade(changed ? "incorrect" : "correct", "2", "g/1", false);
      out.add(
          GradeComparison.of(
              old, graded("d", "p" + p, 0, "2", GradeStatus.CORRECT), Grader.VERSION));
    }
    return out;
  }

  /**
   * Writes what a grading step emits for {@code input}: two bundles' outcomes (the first sample in
   * one, the rest with the changes in the other).
   */
  private void write(WriteRegradeChanges transform, List<GradeComparison> input) {
    List<RegradeTally> tallies = List.of(new RegradeTally(), new RegradeTally());
    List<VerdictChange> changes = new ArrayList<>();
    for (int i = 0; i < input.size(); i++) {
      tallies.get(i == 0 ? 0 : 1).add(input.get(i));
      if (input.get(i).statusChanged()) {
        changes.add(input.get(i).change());
      }
    }
    // what a grading step emits: each bundle's tally, the changes with the second
    PCollectionTuple graded =
        PCollectionTuple.of(
            GradeStoredSamples.OUTCOMES,
            pipeline.apply(
                "Outcomes",
                Create.of(
                        KV.of(tallies.get(0), List.<VerdictChange>of()),
                        KV.of(tallies.get(1), changes))
                    .withCoder(GradeStoredSamples.OUTCOME_CODER)));
    graded.apply(transform);
    pipeline.run().waitUntilFinish();
  }

  private static List<String> changedProblems(File out) throws Exception {
    List<String> problems = new ArrayList<>();
    for (String line : Files.readAllLines(new File(out, RegradeSummary.CHANGES_FILE).toPath())) {
      problems.add(JSON.readTree(line).path("problem_id").asText());
    }
    return problems;
  }

  @Test
  public void countsEveryChangeAndListsTheFirstUpToTheLimitInSampleOrder() throws Exception {
    File out = tmp.newFolder("regrade");
    write(WriteRegradeChanges.to(out.getPath() + "/").withListLimit(2), comparisons());

    JsonNode summary = JSON.readTree(new File(out, RegradeSummary.SUMMARY_FILE));
    assertEquals(5, summary.path("samples").asInt());
    assertEquals(3, summary.path("changed").asInt());
    assertEquals(2, summary.path("changes_listed").asInt());
    assertEquals(1, summary.path("changes_left_out").asInt());
    assertEquals(Grader.VERSION, summary.path("new_grader_version").asText());
    assertEquals(List.of("p1", "p3"), changedProblems(out));
  }

  @Test
  public void bothFilesAreWrittenWhenNothingChanged() throws Exception {
    File out = tmp.newFolder("unchanged");
    List<GradeComparison> unchanged = new ArrayList<>();
    for (GradeComparison c : comparisons()) {
      if (!c.statusChanged()) {
        unchanged.add(c);
      }
    }
    write(WriteRegradeChanges.to(out.getPath()), unchanged);

    JsonNode summary = JSON.readTree(new File(out, RegradeSummary.SUMMARY_FILE));
    assertEquals(2, summary.path("samples").asInt());
    assertEquals(0, summary.path("changed").asInt());
    assertEquals(List.of(), changedProblems(out));
  }

  @Test
  public void theCombineKeepsTheFirstChangesInSampleOrderWhateverOrderTheyArriveIn() {
    // 30 changes in three accumulators, in reverse order: more than twice the limit in each merge
    List<VerdictChange> changes = new ArrayList<>();
    for (int p = 0; p < 30; p++) {
      StoredGrade old = new StoredGrade("incorrect", "2", "g/1", false);
      changes.add(
          GradeComparison.of(
                  old,
                  graded("d", String.format("p%02d", p), 0, "2", GradeStatus.CORRECT),
                  Grader.VERSION)
              .change());
    }
    var fn = WriteRegradeChanges.outcome(4);
    List<KV<RegradeTally, List<VerdictChange>>> accumulators = new ArrayList<>();
    for (int part = 0; part < 3; part++) {
      var acc = fn.createAccumulator();
      for (int i = 29 - part; i >= 0; i -= 3) {
        acc = fn.addInput(acc, KV.of(new RegradeTally(), List.of(changes.get(i))));
        assertTrue(acc.getValue().size() <= 2 * 4);
      }
      accumulators.add(acc);
    }
    List<VerdictChange> first = fn.extractOutput(fn.mergeAccumulators(accumulators)).getValue();
    assertEquals(changes.subList(0, 4), first);
    assertEquals(List.of(), fn.extractOutput(fn.createAccumulator()).getValue());
    assertEquals(
        List.of(), WriteRegradeChanges.outcome(0).extractOutput(accumulators.get(0)).getValue());
  }

  @Test(expected = IllegalArgumentException.class)
  public void aNegativeListLimitIsRefused() {
    WriteRegradeChanges.to("out").withListLimit(-1);
  }
}
