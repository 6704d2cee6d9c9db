package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.testing.SharedData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The HumanEval harness against the 164 reference solutions of ../shared: each passes in the forms
 * models answer in, and each broken on purpose fails (except where the break keeps it correct).
 */
public class HumanEvalCanonicalTest {
  /** Problems whose first {@code return} already returns nothing useful (HumanEval/12: None). */
  private static final List<String> STILL_CORRECT_WITH_RETURN_NONE =
      List.of("HumanEval/12", "HumanEval/39", "HumanEval/46", "HumanEval/59", "HumanEval/137");

  private static final int CORES = Runtime.getRuntime().availableProcessors();

  private static Sandbox sandbox;
  private static CodeGrader grader;
  private static ExecutorService pool;
  private static List<Problem> problems;

  @BeforeClass
  public static void open() throws IOException {
    try (InputStream in =
        Files.newInputStream(SharedData.datasets().resolve("code/humaneval.jsonl"))) {
      problems = List.copyOf(CodeFixtures.read(in, "humaneval.jsonl").values());
    }
    sandbox = TestSandboxes.open(TestSandboxes.quick(CORES));
    grader = new CodeGrader(sandbox);
    pool = Executors.newFixedThreadPool(CORES);
  }

  @AfterClass
  public static void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
    if (sandbox != null) {
      sandbox.close();
    }
  }

  /** Grades one response per problem, in parallel; outcomes by problem id. */
  private static Map<String, CodeOutcome> gradeAll(String form, Function<Problem, String> response)
      throws Exception {
    long start = System.nanoTime();
    List<Future<CodeOutcome>> futures = new ArrayList<>();
    for (Problem p : problems) {
      futures.add(pool.submit(() -> grader.grade(p.code(), response.apply(p))));
    }
    Map<String, CodeOutcome> outcomes = new java.util.LinkedHashMap<>();
    for (int i = 0; i < problems.size(); i++) {
      outcomes.put(problems.get(i).problemId(), futures.get(i).get());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "HumanEval %s: %d executions in %.1f s, %.1f executions/s at parallelism %d%n",
        form, problems.size(), seconds, problems.size() / seconds, CORES);
    return outcomes;
  }

  private static String canonical(Problem p) {
    return p.goldAnswers().get(0).substring(p.code().prefix().length());
  }

  private static List<String> failing(Map<String, CodeOutcome> outcomes) {
    return outcomes.entrySet().stream()
        .filter(e -> !e.getValue().passed())
        .map(e -> e.getKey() + ": " + e.getValue().execution() + " " + e.getValue().firstFailure())
        .collect(Collectors.toList());
  }

  @Test
  public void everyReferenceFunctionInAPythonBlockPasses() throws Exception {
    assertEquals(164, problems.size());
    Map<String, CodeOutcome> outcomes =
        gradeAll("fenced whole function", p -> "```python\n" + p.goldAnswers().get(0) + "\n```");
    assertEquals(List.of(), failing(outcomes));
  }

  @Test
  public void everyRawReferenceBodyPasses() throws Exception {
    Map<String, CodeOutcome> outcomes = gradeAll("raw body", HumanEvalCanonicalTest::canonical);
    assertEquals(List.of(), failing(outcomes));
  }

  @Test
  public void wholeFunctionsWithoutThePromptsImportsStillPass() throws Exception {
    Map<String, CodeOutcome> outcomes =
        gradeAll(
            "fenced, imports left out",
            p ->
                "```python\n"
                    + p.goldAnswers().get(0).replaceAll("(?m)^(?:from|import) [^\n]*\n", "")
                    + "```");
    assertEquals(List.of(), failing(outcomes));
  }

  @Test
  public void referenceBodiesWhoseFirstReturnGivesNoneFailNearlyEverywhere() throws Exception {
    Map<String, CodeOutcome> outcomes =
        gradeAll(
            "first return made None",
            p -> canonical(p).replaceFirst("return\\b[^\n]*", "return None"));
    List<String> passed =
        outcomes.entrySet().stream()
            .filter(e -> e.getValue().passed())
            .map(Map.Entry::getKey)
            .toList();
    assertTrue(passed.toString(), passed.size() <= 15);
    assertTrue(passed.toString(), passed.containsAll(STILL_CORRECT_WITH_RETURN_NONE));
    for (String id : List.of("HumanEval/0", "HumanEval/1", "HumanEval/53", "HumanEval/163")) {
      CodeOutcome outcome = outcomes.get(id);
      assertFalse(id, outcome.passed());
      assertTrue(id + ": " + outcome.firstFailure(), outcome.firstFailure().contains("Error"));
    }
    CodeOutcome first = outcomes.get("HumanEval/0");
    assertTrue(first.firstFailure(), first.firstFailure().contains("AssertionError"));
    assertTrue(first.firstFailure(), first.firstFailure().contains("assert candidate("));
  }
}
