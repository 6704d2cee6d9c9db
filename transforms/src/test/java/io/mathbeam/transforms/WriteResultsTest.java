package io.mathbeam.transforms;

import static io.mathbeam.transforms.TestSamples.graded;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import io.mathbeam.transforms.coders.RejectedRowCoder;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class WriteResultsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  /** Two problems of dataset d: p1 right in 3 of 4 samples, p2 in none; q1 of dataset e. */
  private static List<GradedSample> samples() {
    List<GradedSample> out = new ArrayList<>();
    for (int i = 0; i < TestSamples.K; i++) {
      out.add(
          graded(
              "d",
              "p1",
              i,
              i == 1 ? "3" : "2",
              i == 1 ? GradeStatus.INCORRECT : GradeStatus.CORRECT));
      out.add(graded("d", "p2", i, "5", GradeStatus.INCORRECT));
    }
    out.add(graded("e", "q1", 0, "2", GradeStatus.CORRECT));
    return out;
  }

  @Test
  public void writesSamplesProblemsMetricsAndRejectedRowsUnderTheOutputDirectory()
      throws Exception {
    File out = tmp.newFolder("run");
    PCollection<GradedSample> samples =
        pipeline.apply("Samples", Create.of(samples()).withCoder(GradedSampleCoder.of()));
    PCollection<RejectedRow> rejected =
        pipeline.apply(
            "Rejected",
            Create.of(new RejectedRow("d", "d.jsonl", 7, "answer", "missing", "{}"))
                .withCoder(RejectedRowCoder.of()));
    samples.apply(
        WriteResults.to(out.getPath() + "/")
            .withMetrics(samples.apply(ComputeMetrics.create()))
            .withRejected(rejected)
            .withManifest("{\"run_id\":\"write-results-test\"}"));
    pipeline.run().waitUntilFinish();

    assertEquals(9, ParquetRecords.count(out + "/samples/*.parquet"));

    Map<String, Integer> correctByProblem = new HashMap<>();
    for (GenericRecord row : ParquetRecords.readAll(out + "/problems/*.parquet")) {
      assertEquals(row.get("num_samples"), ((List<?>) row.get("seeds")).size());
      correctByProblem.put(
          row.get("data_source") + "/" + row.get("problem_id"), (Integer) row.get("num_correct"));
    }
    assertEquals(Map.of("d/p1", 3, "d/p2", 0, "e/q1", 1), correctByProblem);

    JsonNode metrics = new ObjectMapper().readTree(new File(out, "metrics.json"));
    assertEquals("write-results-test", metrics.path("manifest").path("run_id").asText());
    assertEquals(8, metrics.path("datasets").path("d").path("num_samples").asInt());
    assertEquals(3, metrics.path("datasets").path("d").path("counts").path("correct").asInt());
    assertEquals(1, metrics.path("datasets").path("e").path("num_problems").asInt());

    List<String> rejectedLines = new ArrayList<>();
    try (Stream<Path> files = Files.list(out.toPath().resolve("rejected"))) {
      for (Path f : files.toList()) {
        rejectedLines.addAll(Files.readAllLines(f));
      }
    }
    assertEquals(1, rejectedLines.size());
    JsonNode row = new ObjectMapper().readTree(rejectedLines.get(0));
    assertEquals("d.jsonl", row.path("file").asText());
    assertEquals(7, row.path("line").asInt());
    assertOnlyNumberedFiles(out);
  }

  @Test
  public void aRunWithoutSamplesOrRejectedRowsStillHasEveryTableAndItsMetrics() throws Exception {
    File out = tmp.newFolder("empty");
    PCollection<GradedSample> samples =
        pipeline.apply("Samples", Create.empty(GradedSampleCoder.of()));
    samples.apply(
        WriteResults.to(out.getPath())
            .withMetrics(samples.apply(ComputeMetrics.create()))
            .withRejected(pipeline.apply("Rejected", Create.empty(RejectedRowCoder.of())))
            .withManifest("{\"run_id\":\"empty\"}"));
    pipeline.run().waitUntilFinish();

    // one file without rows each, as FileIO and TextIO wrote them; samples/ had none
    assertEquals(
        List.of("problems-00000-of-00001.parquet"), names(out.toPath().resolve("problems")));
    assertEquals(0, ParquetRecords.count(out + "/problems/*.parquet"));
    assertEquals(List.of("rejected-00000-of-00001.jsonl"), names(out.toPath().resolve("rejected")));
    assertEquals(0, Files.size(out.toPath().resolve("rejected/rejected-00000-of-00001.jsonl")));
    assertFalse(new File(out, "samples").exists());
    JsonNode metrics = new ObjectMapper().readTree(new File(out, "metrics.json"));
    assertEquals("empty", metrics.path("manifest").path("run_id").asText());
    assertEquals(0, metrics.path("datasets").size());
    assertOnlyNumberedFiles(out);
  }

  /** Every table's files are numbered in place, and no temporary file or folder is left. */
  private static void assertOnlyNumberedFiles(File out) throws Exception {
    for (String dir : names(out.toPath())) {
      assertFalse(dir, dir.startsWith("."));
    }
    for (OutputTable table : OutputTable.values()) {
      Path dir = out.toPath().resolve(table.dir());
      if (!Files.exists(dir)) {
        continue;
      }
      List<String> files = names(dir);
      for (String f : files) {
        assertTrue(
            f,
            f.matches(
                table.dir()
                    + "-\\d{5}-of-"
                    + String.format("%05d", files.size())
                    + java.util.regex.Pattern.quote(table.suffix())));
      }
    }
  }

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  public void withoutMetricsOrRejectedRowsOnlyTheTablesAreWritten() throws Exception {
    File out = tmp.newFolder("tables-only");
    pipeline
        .apply(Create.of(samples()).withCoder(GradedSampleCoder.of()))
        .apply(WriteResults.to(out.getPath()));
    pipeline.run().waitUntilFinish();

    assertEquals(9, ParquetRecords.count(out + "/samples/*.parquet"));
    assertEquals(3, ParquetRecords.count(out + "/problems/*.parquet"));
    assertFalse(new File(out, "metrics.json").exists());
    assertFalse(new File(out, "rejected").exists());
  }
}
