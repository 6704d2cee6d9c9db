package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code eval --tir} against the simulated fleet in its TIR mode, whose model boxes the output of
 * its last code block: the answers are right only because the sandbox's outputs reach the model.
 */
public class ToolIntegratedPipelineTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void sandbox() {
    TestSandboxes.ensureInstalled();
  }

  private String eval(int maxCodeExecutions) throws Exception {
    String out = tmp.newFolder().getPath();
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(
            new String[] {
              "--benchmarks=aime24:4",
              "--dataDir=" + SharedData.datasets(),
              "--tir",
              "--maxCodeExecutions=" + maxCodeExecutions,
              "--cacheDir=none",
              "--simTimeScale=4000",
              "--output=" + out
            });
    return out;
  }

  @Test
  public void outputsReachTheModelAndTheCapLimitsWhatRuns() throws Exception {
    String full = eval(8);
    List<GenericRecord> samples = ParquetRecords.readAll(full + "/samples/*.parquet");
    assertEquals(120, samples.size());
    int correct = 0;
    int multi = 0;
    int retriedAfterError = 0;
    for (GenericRecord s : samples) {
      List<?> statuses = (List<?>) s.get("tool_execution_statuses");
      assertTrue(s.get("problem_id") + " ran no code", !statuses.isEmpty());
      // the blocks sit in the reasoning (before </think>), the boxed answer after it
      String response =
          (s.get("reasoning") == null ? "" : s.get("reasoning").toString())
              + "</think>"
              + s.get("response");
      assertEquals(
          "every run block's output is in the text",
          statuses.size(),
          response.split("```output\n", -1).length - 1);
      multi += statuses.size() > 1 ? 1 : 0;
      retriedAfterError += "error".equals(statuses.get(0).toString()) ? 1 : 0;
      if ("correct".equals(s.get("status").toString())) {
        correct++;
        String last = response.substring(response.lastIndexOf("```output\n") + 10);
        String boxed = s.get("extracted_answer").toString();
        assertTrue(response, last.startsWith(boxed + "\n"));
      }
    }
    assertTrue("correct: " + correct, correct > 30);
    assertTrue("multi-block samples: " + multi, multi > 20);
    assertTrue("samples whose first block raised: " + retriedAfterError, retriedAfterError > 0);
    JsonNode manifest = JSON.readTree(Path.of(full, "metrics.json").toFile()).path("manifest");
    assertEquals(8, manifest.path("tool_integrated").path("max_code_executions").asInt());
    MetricsSchema.assertValid(JSON.readTree(Path.of(full, "metrics.json").toFile()));

    String capped = eval(1);
    int cappedCorrect = 0;
    for (GenericRecord s : ParquetRecords.readAll(capped + "/samples/*.parquet")) {
      assertTrue(((List<?>) s.get("tool_execution_statuses")).size() <= 1);
      cappedCorrect += "correct".equals(s.get("status").toString()) ? 1 : 0;
    }
    // chains of two or three blocks cannot finish with one execution: the model then guesses
    assertTrue(cappedCorrect + " vs " + correct, cappedCorrect < correct);
  }
}
