package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.SandboxLimits;
import io.mathbeam.core.sandbox.TestSandboxes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The code the simulated model writes for HumanEval problems does, when run against the problem's
 * tests, what its outcome claims: the reference passes, wrong code fails, hanging code times out
 * and raising code raises.
 */
public class CodeAnswersInSandboxTest {
  private static final int PROBLEMS = 40;
  private static Sandbox sandbox;
  private static List<String[]> rows;

  @BeforeClass
  public static void open() throws Exception {
    rows = CodeAnswersTest.humanEval().subList(0, PROBLEMS);
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  /** The program a HumanEval harness runs: the code, the tests, then the check of the function. */
  private static String withTests(String code, String[] row) {
    return code + "\n\n" + row[2] + "\n\ncheck(" + row[3] + ")\n";
  }

  private static List<Execution> runAll(List<String> programs) {
    List<CompletableFuture<Execution>> runs = new ArrayList<>();
    for (String program : programs) {
      runs.add(sandbox.submit(program, ""));
    }
    return runs.stream().map(CompletableFuture::join).toList();
  }

  @Test
  public void referencesPassAndWrongCodeFailsAlmostAlways() {
    List<String> references = new ArrayList<>();
    List<String> wrongs = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      String[] row = rows.get(i);
      int body = CodeMutations.bodyStart(row[0], row[1]);
      references.add(withTests(row[1], row));
      wrongs.add(withTests(CodeMutations.wrong(row[1], body, new SplittableRandom(i)), row));
    }
    List<Execution> passed = runAll(references);
    for (int i = 0; i < passed.size(); i++) {
      assertEquals(
          rows.get(i)[3] + ": " + passed.get(i), ExecutionStatus.OK, passed.get(i).status());
    }
    List<Execution> wrong = runAll(wrongs);
    int failed = 0;
    for (Execution e : wrong) {
      assertTrue(
          e.toString(), e.status() == ExecutionStatus.OK || e.status() == ExecutionStatus.ERROR);
      failed += e.ok() ? 0 : 1;
    }
    assertTrue(failed + " of " + PROBLEMS + " wrong programs failed", failed >= 0.85 * PROBLEMS);
  }

  @Test
  public void hangingCodeTimesOutAndRaisingCodeRaises() {
    SandboxLimits oneSecond = sandbox.config().limits().withWallTime(Duration.ofSeconds(1));
    for (String[] row : rows.subList(0, 3)) {
      int body = CodeMutations.bodyStart(row[0], row[1]);
      Execution hang =
          sandbox.run(withTests(CodeMutations.hanging(row[1], body), row), "", oneSecond);
      assertEquals(hang.toString(), ExecutionStatus.TIMEOUT, hang.status());
      Execution raise = sandbox.run(withTests(CodeMutations.raising(row[1], body), row), "");
      assertEquals(raise.toString(), ExecutionStatus.ERROR, raise.status());
      assertTrue(raise.stderr(), raise.stderr().contains("ValueError: unsupported input"));
    }
  }
}
