package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.pipelines.Main;
import io.mathbeam.pipelines.regrade.RegradeCommand;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Problems in LiveCodeBench's format (the core's fixtures: stdin and functional tests, some private
 * tests compressed) end to end: the simulated fleet answers from each row's reference solution, and
 * every test of every problem runs in the sandbox.
 */
public class LiveCodeBenchPipelineTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FIXTURES = "/io/mathbeam/core/code/lcb/";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void sandbox() {
    TestSandboxes.ensureInstalled();
  }

  @Test
  public void everyTestOfEveryProblemRunsAndFailuresNameTheirTest() throws Exception {
    List<String> rows = new ArrayList<>();
    for (String line : resource("problems.jsonl").split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      ObjectNode row = (ObjectNode) JSON.readTree(line);
      // the simulated model writes this program when it solves the problem
      row.put("reference_solution", resource(row.get("question_id").asText() + ".correct.py"));
      rows.add(JSON.writeValueAsString(row));
    }
    Path file = tmp.getRoot().toPath().resolve("lcb.jsonl");
    Files.write(file, rows);
    String out = tmp.newFolder("run").getPath();
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(
            new String[] {
              "--problems=" + file,
              "--samples=8",
              "--sandboxTimeoutSeconds=3",
              "--cacheDir=none",
              "--simTimeScale=4000",
              "--output=" + out
            });

    List<GenericRecord> samples = ParquetRecords.readAll(out + "/samples/*.parquet");
    assertEquals(40, samples.size());
    Set<String> solved = new HashSet<>();
    int wrongAnswers = 0;
    for (GenericRecord s : samples) {
      assertNotNull(s.get("tests_total"));
      int total = (Integer) s.get("tests_total");
      assertTrue(total >= 2);
      String status = s.get("status").toString();
      if ("correct".equals(status)) {
        assertEquals(total, (int) (Integer) s.get("tests_passed"));
        solved.add(s.get("problem_id").toString());
      } else if ("incorrect".equals(status)) {
        String failure = s.get("first_failure").toString();
        assertTrue(failure, !failure.isEmpty());
        wrongAnswers += failure.contains("wrong answer") ? 1 : 0;
      }
      assertTrue(status, !"grader_error".equals(status));
    }
    assertTrue("problems solved at least once: " + solved, solved.size() >= 3);
    assertTrue("samples failing a test's comparison: " + wrongAnswers, wrongAnswers > 0);

    // the run directory holds the programs, not the tests: regrade says so instead of grading
    // programs as math answers
    Exception refused =
        assertThrows(
            Exception.class,
            () ->
                new RegradeCommand(
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                    .run(new String[] {"--input=" + out, "--output=" + tmp.newFolder("again")}));
    String message = Main.message(refused);
    assertTrue(message, message.contains("regrade cannot grade code problems"));
    assertTrue(message, message.contains("--cacheDir"));
  }

  private static String resource(String name) throws Exception {
    try (InputStream in = LiveCodeBenchPipelineTest.class.getResourceAsStream(FIXTURES + name)) {
      assertNotNull("missing test fixture " + name, in);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
