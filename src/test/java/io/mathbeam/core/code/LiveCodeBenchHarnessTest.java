package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.SandboxLimits;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.Test;

/** The Java side of the harness: its limits and how its reports become outcomes. */
public class LiveCodeBenchHarnessTest {
  private static final String NONCE = "mathbeam-report-0123 ";
  private static final CodeTask THREE_TESTS =
      new CodeTask(
          CodeTaskKind.LIVECODEBENCH,
          "",
          "",
          "",
          Collections.nCopies(3, new CodeTest("1\n", "1\n", CodeTestType.STDIN)));

  private static CodeOutcome outcome(ExecutionStatus status, String stdout, String detail) {
    Execution e =
        new Execution(status, status == ExecutionStatus.OK ? 0 : -1, stdout, "", 42, detail);
    return LiveCodeBenchHarness.outcome("print(1)", THREE_TESTS, e, NONCE, Duration.ofSeconds(6));
  }

  @Test
  public void limitsGrowToFitEveryTestsTimeAndTheLargestTest() {
    SandboxLimits base = SandboxLimits.defaults();
    String big = "x".repeat(10_000_000);
    List<CodeTest> tests =
        List.of(
            new CodeTest("1", "1", CodeTestType.STDIN), new CodeTest(big, "1", CodeTestType.STDIN));
    SandboxLimits limits = LiveCodeBenchHarness.limits(base, tests, Duration.ofSeconds(6));
    assertEquals(Duration.ofSeconds(17), limits.wallTime());
    assertEquals(Duration.ofSeconds(17), limits.cpuTime());
    assertEquals(30_000_000L + (1 << 20), limits.maxFileBytes());
    assertEquals(base.memoryBytes(), limits.memoryBytes());

    SandboxLimits small =
        LiveCodeBenchHarness.limits(base, tests.subList(0, 1), Duration.ofSeconds(1));
    assertEquals(base, small);
  }

  @Test
  public void nonceIsFreshEachRun() {
    assertNotEquals(Harnesses.newNonce(), Harnesses.newNonce());
  }

  @Test
  public void lastWellFormedReportCountsAndOtherLinesDoNot() {
    String stdout =
        "{\"done\": true, \"status\": \"ok\", \"passed\": 3}\n"
            + NONCE
            + "{\"passed\": 1}\n"
            + NONCE
            + "{\"passed\": 2}\n"
            + NONCE
            + "{garbled\n";
    HarnessReport report = HarnessReport.find(stdout, NONCE);
    assertEquals(2, report.passed());
    assertTrue(!report.done());
    assertNull(HarnessReport.find("{\"done\": true, \"status\": \"ok\", \"passed\": 3}\n", NONCE));
  }

  @Test
  public void finishedExecutionWithoutAFinalReportIsAnError() {
    CodeOutcome outcome = outcome(ExecutionStatus.OK, NONCE + "{\"passed\": 1}\n", "");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertEquals(1, outcome.testsPassed());
    assertTrue(
        outcome.firstFailure(), outcome.firstFailure().startsWith("test 2/3: the program ended"));
  }

  @Test
  public void executionStoppedBySandboxKeepsItsStatusAndTheTestsThatPassed() {
    CodeOutcome outcome =
        outcome(
            ExecutionStatus.TIMEOUT, NONCE + "{\"passed\": 2}\n", "wall time 23000 ms exceeded");
    assertEquals(ExecutionStatus.TIMEOUT, outcome.execution());
    assertEquals(2, outcome.testsPassed());
    assertEquals(3, outcome.testsTotal());
    assertEquals("test 3/3: wall time 23000 ms exceeded", outcome.firstFailure());
    assertEquals(42, outcome.executionMillis());
    assertEquals(
        ExecutionStatus.SANDBOX_ERROR,
        outcome(ExecutionStatus.SANDBOX_ERROR, "", "cannot start").execution());
  }

  @Test
  public void finalReportStatusesMapToExecutionStatuses() {
    assertEquals(ExecutionStatus.OK, finalReport("ok", 3).execution());
    assertTrue(finalReport("ok", 3).passed());
    assertEquals(ExecutionStatus.ERROR, finalReport("wrong", 1).execution());
    assertEquals(ExecutionStatus.ERROR, finalReport("error", 1).execution());
    assertEquals(ExecutionStatus.TIMEOUT, finalReport("timeout", 1).execution());
    assertEquals(ExecutionStatus.MEMORY, finalReport("memory", 1).execution());
    assertEquals(ExecutionStatus.OUTPUT_LIMIT, finalReport("output_limit", 1).execution());
    assertEquals(ExecutionStatus.SANDBOX_ERROR, finalReport("sandbox_error", 1).execution());
    assertEquals(
        "test 2/3 took longer than 6000 ms; input: '1\\n'",
        finalReport("timeout", 1).firstFailure());
  }

  private static CodeOutcome finalReport(String status, int passed) {
    String line =
        String.format(
            "{\"done\": true, \"status\": \"%s\", \"passed\": %d, \"total\": 3, \"test\": %d,"
                + " \"input\": \"1\\n\", \"expected\": \"1\\n\", \"got\": \"2\\n\"}",
            status, passed, passed + 1);
    return outcome(ExecutionStatus.OK, "noise\n" + NONCE + line + "\n", "");
  }
}
