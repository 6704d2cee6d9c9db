package io.mathbeam.pipelines.compare;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code mathbeam compare}: the verdict decides the exit code. */
public class CompareCommandTest {
  @ClassRule public static TemporaryFolder tmp = new TemporaryFolder();

  private static String baseline;
  private static String worse;

  @BeforeClass
  public static void twoRuns() throws Exception {
    baseline = tmp.newFolder("baseline").getPath();
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(new String[] {"--benchmarks=sample:4", "--output=" + baseline, "--simTimeScale=4000"});
    // The same run with every correct sample turned wrong: a model that got much worse.
    Path candidate = tmp.newFolder("worse").toPath();
    Files.copy(Path.of(baseline, "metrics.json"), candidate.resolve("metrics.json"));
    Files.createDirectories(candidate.resolve("problems"));
    Configuration conf = new Configuration();
    conf.setBoolean("parquet.avro.write-old-list-structure", false);
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(
                    new org.apache.hadoop.fs.Path(
                        candidate.resolve("problems/problems-00000-of-00001.parquet").toUri()),
                    conf))
            .withSchema(OutputSchemas.PROBLEM)
            .withConf(conf)
            .build()) {
      for (GenericRecord row : ParquetRecords.readAll(baseline + "/problems/*.parquet")) {
        GenericData.Record copy = new GenericData.Record((GenericData.Record) row, true);
        int n = (Integer) copy.get("num_samples");
        copy.put("num_correct", 0);
        copy.put("rewards", new ArrayList<>(Collections.nCopies(n, 0.0)));
        writer.write(copy);
      }
    }
    worse = candidate.toString();
  }

  private static int compare(StringBuilder printed, String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = new CompareCommand(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(args);
    printed.append(bytes.toString(StandardCharsets.UTF_8));
    return code;
  }

  @Test
  public void aRunComparedWithItselfPasses() throws Exception {
    StringBuilder printed = new StringBuilder();
    String out = tmp.newFolder("same").getPath();
    assertEquals(
        printed.toString(),
        0,
        compare(printed, "--baseline=" + baseline, "--candidate=" + baseline, "--output=" + out));
    String xml = Files.readString(Path.of(out, "compare-junit.xml"));
    assertFalse(xml, xml.contains("<failure"));
    assertTrue(Files.readString(Path.of(out, "compare.json")).contains("\"sample\""));
  }

  @Test
  public void aWorseCandidateFailsWithARegression() throws Exception {
    StringBuilder printed = new StringBuilder();
    String out = tmp.newFolder("regression").getPath();
    assertEquals(
        printed.toString(),
        1,
        compare(printed, "--baseline=" + baseline, "--candidate=" + worse, "--output=" + out));
    String xml = Files.readString(Path.of(out, "compare-junit.xml"));
    assertTrue(xml, xml.contains("<failure"));
    String markdown = Files.readString(Path.of(out, "compare.md"));
    assertTrue(markdown, markdown.contains("sample"));
    assertTrue(printed.toString(), printed.toString().contains("compare-junit.xml"));
  }

  @Test
  public void detectAddsTheSamplesANamedDropNeedsToThePowerOfEveryOutput() throws Exception {
    StringBuilder printed = new StringBuilder();
    String out = tmp.newFolder("detect").getPath();
    compare(
        printed,
        "--baseline=" + baseline,
        "--candidate=" + worse,
        "--detect=10",
        "--output=" + out);
    String markdown = Files.readString(Path.of(out, "compare.md"));
    assertTrue(markdown, markdown.contains("- power sample pass@1: catches a drop of "));
    assertTrue(markdown, markdown.contains("; to catch 10.0 points: "));
    JsonNode power =
        new ObjectMapper()
            .readTree(Path.of(out, "compare.json").toFile())
            .path("verdict")
            .path("rules")
            .path(0)
            .path("power");
    assertEquals(power.toString(), 0.1, power.path("detect").asDouble(), 1e-12);
    assertTrue(power.toString(), power.path("smallest_drop_detected").asDouble() > 0);
    assertTrue(power.toString(), power.has("samples_needed"));
    String xml = Files.readString(Path.of(out, "compare-junit.xml"));
    assertTrue(xml, xml.contains("to catch 10.0 points"));
  }

  @Test
  public void aDetectThatIsNotAPointCountIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                compare(
                    new StringBuilder(),
                    "--baseline=" + baseline,
                    "--candidate=" + baseline,
                    "--detect=0.5%"));
    assertTrue(e.getMessage(), e.getMessage().contains("--detect"));
  }

  @Test
  public void aThresholdGateIsApplied() throws Exception {
    Path gate = tmp.getRoot().toPath().resolve("gate.json");
    Files.writeString(
        gate,
        "[{\"dataset\":\"sample\",\"metric\":\"pass@1\",\"expected\":0.30,\"tolerance\":0.2}]");
    StringBuilder printed = new StringBuilder();
    assertEquals(
        0,
        compare(
            printed,
            "--baseline=" + baseline,
            "--candidate=" + baseline,
            "--gate=" + gate,
            "--output=" + tmp.newFolder("gate-pass").getPath()));
    assertEquals(
        1,
        compare(
            printed,
            "--baseline=" + baseline,
            "--candidate=" + worse,
            "--gate=" + gate,
            "--output=" + tmp.newFolder("gate-fail").getPath()));
  }

  @Test
  public void aBrokenGateFileIsAnInputError() throws Exception {
    Path gate = tmp.getRoot().toPath().resolve("broken-gate.json");
    Files.writeString(gate, "[{\"dataset\":\"sample\",\"metric\":\"pass@x\",\"expected\":0.3}]");
    StringBuilder printed = new StringBuilder();
    assertEquals(
        2,
        compare(
            printed,
            "--baseline=" + baseline,
            "--candidate=" + baseline,
            "--gate=" + gate,
            "--output=" + tmp.newFolder("gate-broken").getPath()));
    assertTrue(printed.toString(), printed.toString().contains("broken-gate.json"));
  }
}
