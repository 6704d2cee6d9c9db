package io.mathbeam.pipelines;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class MainTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) throws Exception {
    return Main.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String printed() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void outOfMemoryTellsWhatToDo() {
    String m =
        Main.message(
            new RuntimeException("bundle failed", new OutOfMemoryError("Java heap space")));
    assertTrue(m, m.startsWith("out of memory (Java heap space)"));
    assertTrue(m, m.contains("--runner=FlinkRunner"));
    assertTrue(m, m.contains("MATHBEAM_JAVA_OPTS=-Xmx"));
  }

  @Test
  public void unknownCommandExitsWithUsage() throws Exception {
    assertEquals(2, run("evaluate"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown command 'evaluate'"));
  }

  @Test
  public void evalHelpListsTheProjectsOptions() throws Exception {
    assertEquals(0, run("eval", "--help"));
    for (String option :
        List.of(
            "--benchmarks", "--endpoints", "--maxInFlightPerReplica", "--maxTokens", "--output")) {
      assertTrue(option, printed().contains(option));
    }
  }

  @Test
  public void gradeWritesOneVerdictPerLineAndReportsAgreement() throws Exception {
    Path input = tmp.getRoot().toPath().resolve("cases.jsonl");
    Path output = tmp.getRoot().toPath().resolve("verdicts.jsonl");
    Files.writeString(
        input,
        "{\"id\":\"a\",\"gold\":\"\\\\frac{1}{2}\",\"pred\":\"so \\\\boxed{0.5}\",\"expected\":true}\n"
            + "{\"id\":\"b\",\"gold\":\"3\",\"pred\":\"The answer is \\\\boxed{4}\",\"expected\":false}\n"
            + "{\"id\":\"c\",\"gold\":[\"7\",\"seven\"],\"pred\":\"7\",\"pred_is_extracted_answer\":true}\n");
    assertEquals(0, run("grade", "--input=" + input, "--output", output.toString()));
    List<String> lines = Files.readAllLines(output);
    assertEquals(3, lines.size());
    ObjectMapper json = new ObjectMapper();
    JsonNode first = json.readTree(lines.get(0));
    assertEquals("a", first.path("id").asText());
    assertTrue(first.path("verdict").asBoolean());
    assertEquals("correct", first.path("status").asText());
    assertEquals("0.5", first.path("extracted").asText());
    JsonNode second = json.readTree(lines.get(1));
    assertEquals("incorrect", second.path("status").asText());
    assertTrue(json.readTree(lines.get(2)).path("verdict").asBoolean());
    assertTrue(printed(), printed().contains("graded 3"));
    assertTrue(printed(), printed().contains("agreement with expected: 2/2"));
  }

  @Test
  public void benchFleetReportsUtilisationTargetsAndWallTimeForThePipelineAndBothPeers()
      throws Exception {
    assertEquals(
        0,
        run(
            "bench-fleet",
            "--problems=6",
            "--samples=2",
            "--replicas=2",
            "--maxNumSeqs=4",
            "--slowReplicas=1",
            "--timeScale=50",
            "--maxTokens=1024",
            "--peer=both",
            "--baselineThreads=2",
            "--baselineSamples=6"));
    String report = printed();
    assertTrue(report, report.contains("mathbeam eval (DirectRunner)\n  sequences 12,"));
    assertTrue(report, report.contains("tuned peer: 8 threads"));
    assertTrue(report, report.contains("small peer: 2 threads"));
    assertTrue(report, report.contains("\n  sequences 6,"));
    // eval, the two peers, and eval's target
    assertEquals(report, 4, report.split("utilisation", -1).length - 1);
    assertTrue(report, report.contains("(cap 4)"));
    assertTrue(report, report.contains("wall from launch to exit"));
    assertTrue(report, report.contains("fast replicas idle in the tail"));
    assertTrue(report, report.contains("met      samples answered 12 of 12, in eval's output 12;"));
    assertTrue(report, report.contains("met      peak per replica"));
    // the schedule model's replay of eval's samples, and its word on the utilisation target
    assertTrue(report, report.contains("what an order reaches on the first eval run's sample"));
    assertTrue(report, report.contains("longest sample first, every sample's length known"));
    assertTrue(report, report.contains("in the schedule model"));
  }

  @Test
  public void gradeWithoutInputIsAClearError() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> run("grade", "--output=x.jsonl"));
    assertTrue(e.getMessage().contains("--input and --output are required"));
  }

  @Test
  public void innermostMessageIsReported() {
    Exception wrapped = new RuntimeException("outer", new IllegalStateException("the real cause"));
    assertEquals("the real cause", Main.message(wrapped));
  }

  @Test
  public void reportedListShowsEachModelWithItsSourceSamplingAndValues() throws Exception {
    assertEquals(0, run("reported", "list"));
    String listed = printed();
    for (String model :
        List.of(
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B",
            "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
            "Qwen/QwQ-32B")) {
      assertTrue(model, listed.contains(model + "\n"));
    }
    assertTrue(listed, listed.contains("https://github.com/deepseek-ai/DeepSeek-R1"));
    assertTrue(listed, listed.contains("sampling: temperature 0.6, top_p 0.95, max_tokens 32768"));
    assertTrue(listed, listed.matches("(?s).*\n  aime24 +maj@64 +52\\.7% +64  cons@64\n.*"));
  }

  @Test
  public void reportedListOfOneServedNameShowsItsEntryOnly() throws Exception {
    assertEquals(0, run("reported", "list", "--model=deepseek-r1-distill-qwen-7b"));
    assertTrue(printed(), printed().startsWith("deepseek-ai/DeepSeek-R1-Distill-Qwen-7B\n"));
    assertTrue(printed(), !printed().contains("Qwen-1.5B"));
    assertEquals(1, run("reported", "list", "--model=unknown-model"));
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("no published results for 'unknown-model'"));
  }

  @Test
  public void versionPrintsMathbeamGraderBeamAndFlinkVersions() throws Exception {
    assertEquals(0, run("--version"));
    String v = printed();
    assertTrue(v, v.startsWith("mathbeam "));
    assertTrue(v, v.contains("grader   mathbeam-grader/"));
    assertTrue(v, v.matches("(?s).*\nBeam     2\\.\\d+\\.\\d+.*"));
    assertTrue(v, v.matches("(?s).*\nFlink    1\\.\\d+\\.\\d+.*"));
  }

  @Test
  public void aMistypedEvalOptionIsNamedWithTheNearestOne() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> run("eval", "--temprature=1.0"));
    assertEquals("unknown option '--temprature' (did you mean '--temperature'?)", e.getMessage());
  }

  @Test
  public void aMistypedRegradeOptionIsNamedWithTheNearestOne() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> run("regrade", "--inptu=/tmp/x"));
    assertEquals("unknown option '--inptu' (did you mean '--input'?)", e.getMessage());
  }

  @Test
  public void everyCommandNamesAMistypedOptionWithTheNearestOne() throws Exception {
    String[][] cases = {
      {
        "compare", "--baselne=a", "compare: unknown option '--baselne' (did you mean '--baseline'?)"
      },
      {"grade", "--inpt=a", "grade: unknown option '--inpt' (did you mean '--input'?)"},
      {"bench-fleet", "--replica=2", "unknown option '--replica' (did you mean '--replicas'?)"},
      {"bench-code", "--limt=2", "unknown option '--limt' (did you mean '--limit'?)"},
    };
    for (String[] c : cases) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> run(c[0], c[1]));
      assertTrue(c[0] + ": " + e.getMessage(), e.getMessage().contains(c[2]));
    }
    assertEquals(2, run("bench-regrade", "--sampls=10"));
    assertTrue(
        printed(), printed().contains("unknown option '--sampls' (did you mean '--samples'?)"));
    io.mathbeam.core.sim.SimUsageException sim =
        assertThrows(
            io.mathbeam.core.sim.SimUsageException.class,
            () ->
                io.mathbeam.core.sim.SimServerMain.launch(
                    new String[] {"--replicsa=2"}, new PrintStream(out)));
    assertEquals("unknown option '--replicsa' (did you mean '--replicas'?)", sim.getMessage());
  }

  @Test
  public void evalHelpShowsDefaultsInWordsAndLeavesBeamsOptionsToHelpAll() throws Exception {
    assertEquals(0, run("eval", "--help"));
    String help = printed();
    assertTrue(help, help.contains("--dataDir=<String>\n    Default: $MATHBEAM_DATA\n"));
    assertTrue(help, help.contains("--apiKey=<String>\n    Default: $MATHBEAM_API_KEY\n"));
    assertTrue(help, help.contains("--temperature=<double>\n    Default: 0.6\n"));
    for (String internal :
        List.of("Factory", "--appName", "--stableUniqueNames", "--jobName", "--userAgent")) {
      assertTrue(internal, !help.contains(internal));
    }
    assertTrue(help, help.contains("--help=all"));
    out.reset();
    assertEquals(0, run("eval", "--help=all"));
    assertTrue(printed(), printed().contains("--stableUniqueNames"));
    assertTrue(printed(), printed().contains("Default: $MATHBEAM_DATA"));
  }
}
