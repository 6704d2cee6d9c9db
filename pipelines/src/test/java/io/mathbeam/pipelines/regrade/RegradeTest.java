package io.mathbeam.pipelines.regrade;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.eval.EvalResult;
import io.mathbeam.pipelines.eval.MetricsSchema;
import io.mathbeam.pipelines.eval.SameGrades;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code mathbeam regrade}: grades stored generations again, calling no server. */
public class RegradeTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static EvalResult run(String command, String... args) throws Exception {
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return command.equals("eval")
        ? new EvalCommand(out).run(args)
        : new RegradeCommand(out).run(args);
  }

  private static Map<String, String> statuses(String runDir) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      out.put(
          r.get("problem_id") + "#" + r.get("sample_index"),
          r.get("status") + "|" + r.get("extracted_answer") + "|" + r.get("grader_version"));
    }
    return out;
  }

  @Test
  public void regradeRecomputesGradesAndMetricsFromStoredSamples() throws Exception {
    String original = tmp.newFolder("original").getPath();
    run("eval", "--benchmarks=sample:4", "--output=" + original, "--simTimeScale=4000");

    // A stored run whose grades are all wrong, as if made by a broken older grader.
    Path stale = tmp.newFolder("stale").toPath();
    Files.copy(Path.of(original, "metrics.json"), stale.resolve("metrics.json"));
    Files.createDirectories(stale.resolve("samples"));
    List<GenericRecord> rows = ParquetRecords.readAll(original + "/samples/*.parquet");
    org.apache.hadoop.fs.Path target =
        new org.apache.hadoop.fs.Path(
            stale.resolve("samples/samples-00000-of-00001.parquet").toUri());
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(target, new Configuration()))
            .withSchema(OutputSchemas.SAMPLE)
            .withConf(new Configuration())
            .build()) {
      for (GenericRecord row : rows) {
        GenericData.Record copy = new GenericData.Record((GenericData.Record) row, true);
        copy.put("status", "incorrect");
        copy.put("reward", 0.0);
        copy.put("extracted_answer", null);
        copy.put("grader_version", "mathbeam-grader/0");
        writer.write(copy);
      }
    }

    String regraded = tmp.getRoot().toPath().resolve("regraded").toString();
    EvalResult result = run("regrade", "--input=" + stale, "--output=" + regraded);

    // The grader's budget counts work, not time: every grade is reproduced exactly, timeouts too.
    SameGrades.assertSame(statuses(original), statuses(regraded));
    JsonNode before = JSON.readTree(Path.of(original, "metrics.json").toFile());
    JsonNode after = JSON.readTree(Path.of(regraded, "metrics.json").toFile());
    assertEquals(
        before.path("datasets").path("sample").path("pass_at_k"),
        after.path("datasets").path("sample").path("pass_at_k"));
    assertEquals(
        before.path("datasets").path("sample").path("maj_at_k"),
        after.path("datasets").path("sample").path("maj_at_k"));
    assertEquals(stale.toString(), after.path("manifest").path("regraded_from").asText());
    assertEquals(Grader.VERSION, after.path("manifest").path("grader_version").asText());
    assertEquals(before.path("manifest").path("sampling"), after.path("manifest").path("sampling"));
    assertEquals(64, ParquetRecords.readAll(regraded + "/problems/*.parquet").size() * 4);
    MetricsSchema.assertValid(after);
    assertTrue(Files.readString(Path.of(regraded, "report.html")).contains("regraded from"));
    assertTrue(result.summary(), result.summary().contains("SAMPLE"));
  }

  @Test
  public void regradeRefusesToOverwriteItsInput() throws Exception {
    String original = tmp.newFolder("run").getPath();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> run("regrade", "--input=" + original, "--output=" + original + "/"));
    assertTrue(e.getMessage(), e.getMessage().contains("new directory"));
  }

  @Test
  public void regradeOfADirectoryThatIsNoRunSaysSo() throws Exception {
    String empty = tmp.newFolder("empty").getPath();
    Exception e =
        assertThrows(
            Exception.class,
            () -> run("regrade", "--input=" + empty, "--output=" + empty + "-out"));
    assertTrue(e.getMessage(), e.getMessage().contains("is not a run directory"));
  }
}
