package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * HumanEval end to end: the simulated fleet writes code (right, wrong, hanging, crashing, none),
 * the sandbox runs it against the tests, and the DirectRunner and the embedded FlinkRunner give the
 * same grade to every sample and the same pass@k.
 */
public class CodeBenchmarkPipelineTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void sandbox() {
    TestSandboxes.ensureInstalled();
  }

  private static String eval(String... args) throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new EvalCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)).run(args);
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void humanEvalGradesTheSameOnBothRunnersAndRecordsEveryExecution() throws Exception {
    String[] common = {
      "--benchmarks=humaneval:2",
      "--dataDir=" + SharedData.datasets(),
      "--sandboxTimeoutSeconds=2",
      "--cacheDir=none",
      "--simTimeScale=4000"
    };
    String direct = tmp.newFolder("direct").getPath();
    String flink = tmp.newFolder("flink").getPath();
    String printed = eval(concat(common, "--output=" + direct));
    assertTrue(printed, printed.contains("Code sandbox: bubblewrap"));
    eval(concat(common, "--output=" + flink, "--runner=FlinkRunner", "--parallelism=2"));

    List<GenericRecord> samples = ParquetRecords.readAll(direct + "/samples/*.parquet");
    assertEquals(328, samples.size());
    Map<String, Integer> statuses = new TreeMap<>();
    Map<String, Integer> executions = new TreeMap<>();
    for (GenericRecord s : samples) {
      statuses.merge(s.get("status").toString(), 1, Integer::sum);
      assertNotNull(s.get("tests_total"));
      Object execution = s.get("code_execution");
      executions.merge(execution == null ? "none" : execution.toString(), 1, Integer::sum);
      if ("correct".equals(s.get("status").toString())) {
        assertEquals("ok", execution.toString());
        assertEquals("", s.get("first_failure").toString());
      } else if ("incorrect".equals(s.get("status").toString())) {
        assertFalse(s.get("first_failure").toString().isEmpty());
      } else if ("no_answer".equals(s.get("status").toString())) {
        assertNull(s.get("extracted_answer"));
      }
    }
    // the simulated model writes all of these; none is the sandbox's failure
    assertTrue(statuses.toString(), statuses.getOrDefault("correct", 0) > 100);
    assertTrue(statuses.toString(), statuses.getOrDefault("incorrect", 0) > 10);
    assertTrue(statuses.toString(), statuses.getOrDefault("no_answer", 0) > 0);
    assertEquals(statuses.toString(), 0, (int) statuses.getOrDefault("grader_error", 0));
    assertTrue(executions.toString(), executions.getOrDefault("timeout", 0) > 0);
    assertTrue(executions.toString(), executions.getOrDefault("error", 0) > 0);

    assertEquals(grades(direct), grades(flink));
    JsonNode a = JSON.readTree(Path.of(direct, "metrics.json").toFile());
    JsonNode b = JSON.readTree(Path.of(flink, "metrics.json").toFile());
    JsonNode passAtK = a.path("datasets").path("humaneval").path("pass_at_k");
    assertFalse(passAtK.toString(), passAtK.isMissingNode());
    assertEquals(passAtK, b.path("datasets").path("humaneval").path("pass_at_k"));
    assertTrue(a.path("manifest").path("code_sandbox").asText().startsWith("bubblewrap"));
    MetricsSchema.assertValid(a);

    String report = Files.readString(Path.of(direct, "report.html"));
    assertTrue(report.contains("First failing test"));
    assertTrue(report.contains("Program run"));
    assertTrue("docstrings in programs are escaped", report.contains("&quot;&quot;&quot;"));
  }

  private static Map<String, String> grades(String runDir) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      out.put(
          r.get("problem_id") + "#" + r.get("sample_index"),
          r.get("status") + "|" + r.get("code_execution") + "|" + r.get("tests_passed"));
    }
    return out;
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
