package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The same evaluation on the embedded Flink cluster and on the DirectRunner gives the same results.
 */
public class FlinkRunnerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static void eval(String... args) throws Exception {
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(args);
  }

  private static Map<String, String> grades(String runDir) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      out.put(
          r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index"),
          r.get("status")
              + "|"
              + r.get("extracted_answer")
              + "|"
              + r.get("seed")
              + "|"
              + r.get("completion_tokens"));
    }
    return out;
  }

  @Test
  public void flinkAndDirectRunnerAgreeOnEveryGradeAndMetric() throws Exception {
    Path data = SharedData.datasets();
    SimConfig config =
        SimConfig.builder()
            .replicas(2)
            .timeScale(4000)
            .maxModelLen(40960)
            .answerKey(
                AnswerKey.fromJsonl(
                    List.of(
                        data.resolve("aime24.jsonl"),
                        data.resolve("amc23.jsonl"),
                        data.resolve("math500.jsonl")),
                    "problem",
                    "answer"))
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String[] common = {
        // math500 makes the Flink run last several progress periods on a fast machine too
        "--benchmarks=aime24:4,amc23:2,math500:2",
        "--dataDir=" + data,
        "--endpoints=" + String.join(",", fleet.endpoints()),
        "--cacheDir=none"
      };
      String direct = tmp.newFolder("direct").getPath();
      String flink = tmp.newFolder("flink").getPath();
      eval(concat(common, "--output=" + direct));
      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      new EvalCommand(
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(progress, true, StandardCharsets.UTF_8))
          .run(
              concat(
                  common,
                  "--output=" + flink,
                  "--runner=FlinkRunner",
                  "--parallelism=2",
                  "--progressSeconds=1"));
      // run() of the FlinkRunner returns only at the end; the line must still appear meanwhile
      String lines = progress.toString(StandardCharsets.UTF_8);
      assertTrue(
          lines, Pattern.compile("\\[mathbeam\\] [1-9][0-9]*/\\d+ samples").matcher(lines).find());

      Map<String, String> directGrades = grades(direct);
      assertTrue(directGrades.size() > 100);
      SameGrades.assertSame(directGrades, grades(flink));
      JsonNode a = JSON.readTree(Path.of(direct, "metrics.json").toFile());
      JsonNode b = JSON.readTree(Path.of(flink, "metrics.json").toFile());
      for (String dataset : List.of("aime24", "amc23", "math500")) {
        for (String field :
            List.of("num_problems", "mean_reward", "pass_at_k", "maj_at_k", "counts")) {
          assertEquals(
              dataset + " " + field,
              a.path("datasets").path(dataset).path(field),
              b.path("datasets").path(dataset).path(field));
        }
      }
      assertEquals(a.path("_aggregate").path("pass_at_k"), b.path("_aggregate").path("pass_at_k"));
      assertEquals("FlinkRunner", b.path("manifest").path("runner").asText());
    }
  }

  @Test
  public void precisionRoundsOnFlinkEndWhereTheDirectRunnersDo() throws Exception {
    String[] common = {"--precision=0.08", "--samples=16", "--simTimeScale=4000"};
    String direct = tmp.newFolder("precision-direct").getPath();
    String flink = tmp.newFolder("precision-flink").getPath();
    eval(concat(common, "--output=" + direct));
    eval(concat(common, "--output=" + flink, "--runner=FlinkRunner", "--parallelism=2"));
    JsonNode a =
        JSON.readTree(Path.of(direct, "metrics.json").toFile())
            .path("datasets")
            .path("sample")
            .path("precision");
    JsonNode b =
        JSON.readTree(Path.of(flink, "metrics.json").toFile())
            .path("datasets")
            .path("sample")
            .path("precision");
    assertTrue(a.toString(), a.path("rounds").size() >= 2);
    assertEquals(a.path("rounds").size(), b.path("rounds").size());
    for (int i = 0; i < a.path("rounds").size(); i++) {
      JsonNode ra = a.path("rounds").get(i);
      JsonNode rb = b.path("rounds").get(i);
      assertEquals(ra.path("samples_per_problem"), rb.path("samples_per_problem"));
      assertEquals(ra.path("half_width").asDouble(), rb.path("half_width").asDouble(), 1e-12);
    }
    SameGrades.assertSame(grades(direct), grades(flink));
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
