package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import java.time.Duration;
import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

public class CodeGraderTest {
  private static final CodeTask ECHO = CodeFixtures.ECHO;

  private static Sandbox sandbox;
  private static CodeGrader grader;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
    grader = new CodeGrader(sandbox).withTestTimeout(Duration.ofSeconds(1));
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  private static CodeOutcome echo(String code) {
    return grader.grade(ECHO, "```python\n" + code + "\n```");
  }

  @Test
  public void echoPassesBothTests() {
    CodeOutcome outcome = echo("print(input())");
    assertTrue(outcome.toString(), outcome.passed());
    assertEquals(2, outcome.testsPassed());
    assertEquals("print(input())\n", outcome.code());
  }

  @Test
  public void responseWithoutCodeRunsNothing() {
    CodeOutcome outcome = grader.grade(ECHO, "I am not sure how to solve this.");
    assertFalse(outcome.hasCode());
    assertFalse(outcome.passed());
    assertEquals(2, outcome.testsTotal());
    assertEquals(0, outcome.executionMillis());
  }

  @Test
  public void hangingTestIsATimeoutAfterTheTestsThatPassed() {
    CodeOutcome outcome = echo("s = input()\nwhile s == 'world':\n    pass\nprint(s)");
    assertEquals(ExecutionStatus.TIMEOUT, outcome.execution());
    assertEquals(1, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().startsWith("test 2/2 took longer"));
  }

  @Test
  public void crashIsAnErrorWithTheProgramsTraceback() {
    CodeOutcome outcome = echo("def parse(s):\n    return int(s)\nprint(parse(input()))");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertEquals(0, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().contains("solution.py\", line 2"));
    assertTrue(outcome.firstFailure(), outcome.firstFailure().contains("ValueError"));
    assertFalse(outcome.firstFailure(), outcome.firstFailure().contains("main.py"));
  }

  @Test
  public void syntaxErrorFailsTheFirstTest() {
    CodeOutcome outcome = echo("print(input()");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().startsWith("test 1/2 failed"));
    assertTrue(outcome.firstFailure(), outcome.firstFailure().contains("SyntaxError"));
  }

  @Test
  public void printSpamIsStoppedAsTooMuchOutput() {
    CodeOutcome outcome = echo("while True:\n    print('spam' * 100000)");
    assertTrue(
        outcome.toString(),
        outcome.execution() == ExecutionStatus.OUTPUT_LIMIT
            || outcome.execution() == ExecutionStatus.ERROR);
    assertEquals(0, outcome.testsPassed());
  }

  @Test
  public void runningOutOfMemoryIsMemory() {
    CodeOutcome outcome = echo("x = [0] * (10 ** 9)");
    assertEquals(outcome.toString(), ExecutionStatus.MEMORY, outcome.execution());
  }

  @Test
  public void printsToTheRealStdoutCannotForgeAReport() {
    CodeOutcome outcome =
        echo(
            "import os, sys\n"
                + "line = b'{\"done\": true, \"status\": \"ok\", \"passed\": 2, \"total\": 2}\\n'\n"
                + "os.write(1, line)\n"
                + "sys.__stdout__.write(line.decode())\n"
                + "print('nope')");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    // what it wrote is only its answer to the test
    assertTrue(outcome.firstFailure(), outcome.firstFailure().endsWith("nope\\n'"));
    assertEquals(0, outcome.testsPassed());
  }

  @Test
  public void endingTheProcessAfterPrintingIsJudgedOnTheOutputAsAProcessPerTest() {
    // Each stdin test runs in a process of its own: os._exit(0) ends that test's run, and what
    // reached the output before is judged, as LiveCodeBench judges a process it started.
    assertTrue(echo("import os\nprint(input(), flush=True)\nos._exit(0)").passed());
    CodeOutcome status = echo("import os\nprint(input(), flush=True)\nos._exit(3)");
    assertEquals(ExecutionStatus.ERROR, status.execution());
    assertTrue(status.firstFailure(), status.firstFailure().contains("exited with status 3"));
    CodeOutcome killed =
        echo("import os, signal\nprint(input(), flush=True)\nos.kill(os.getpid(), signal.SIGKILL)");
    assertEquals(ExecutionStatus.ERROR, killed.execution());
    assertTrue(killed.firstFailure(), killed.firstFailure().contains("killed by SIGKILL"));
  }

  @Test
  public void sysExitZeroEndsTheProgramNormally() {
    CodeOutcome outcome = echo("import sys\nprint(input())\nsys.exit(0)\nprint('never')");
    assertTrue(outcome.toString(), outcome.passed());
  }

  @Test
  public void programThatDisablesTheTestTimerIsStoppedByTheHarness() {
    // the test's process is killed by the harness's process that forked it, a second after its time
    CodeOutcome outcome =
        echo("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass");
    assertEquals(ExecutionStatus.TIMEOUT, outcome.execution());
    assertEquals(0, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().startsWith("test 1/2 took longer"));
  }

  @Test
  public void deepRecursionIsTheProgramsFailureNotTheHarnesss() {
    CodeOutcome outcome =
        echo("import sys\nsys.setrecursionlimit(10 ** 7)\ndef f(n):\n    return f(n + 1)\nf(0)");
    assertTrue(
        outcome.toString(),
        outcome.execution() == ExecutionStatus.TIMEOUT
            || outcome.execution() == ExecutionStatus.ERROR);
    assertFalse(outcome.firstFailure(), outcome.firstFailure().contains("harness"));
  }

  @Test
  public void functionalAnswerOfTheProgramsOwnClassIsNotTakenForEqual() {
    CodeTask task =
        new CodeTask(
            CodeTaskKind.LIVECODEBENCH,
            "",
            "add",
            "",
            List.of(new CodeTest("1\n2", "3", CodeTestType.FUNCTIONAL)));
    String cheat =
        "class Anything:\n"
            + "    def __eq__(self, other):\n"
            + "        return True\n"
            + "class Solution:\n"
            + "    def add(self, a, b):\n"
            + "        return Anything()\n";
    CodeOutcome outcome = grader.gradeCode(task, cheat);
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertTrue(
        outcome.firstFailure(),
        outcome.firstFailure().endsWith("got: 'an object of type Anything'"));
    assertTrue(grader.gradeCode(task, "def add(a, b):\n    return a + b\n").passed());
  }

  @Test
  public void humanEvalBodyAndWholeFunctionBothPass() {
    CodeTask task = humanEvalTask();
    assertTrue(grader.grade(task, "    return sorted(xs)[-1]\n").passed());
    String whole =
        "Sure!\n```python\nfrom typing import List\n\ndef largest(xs: List[int]) -> int:\n"
            + "    return max(xs)\n```";
    CodeOutcome outcome = grader.grade(task, whole);
    assertTrue(outcome.toString(), outcome.passed());
    assertEquals(1, outcome.testsTotal());
  }

  @Test
  public void humanEvalWholeFunctionWithoutImportsStillSeesThePromptsImports() {
    String whole = "```python\ndef largest(xs: List[int]) -> int:\n    return max(xs)\n```";
    assertTrue(grader.grade(humanEvalTask(), whole).passed());
  }

  @Test
  public void humanEvalFailureShowsTheAssertion() {
    CodeOutcome outcome = grader.grade(humanEvalTask(), "    return xs[0]\n");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertEquals(0, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().contains("AssertionError"));
    assertTrue(
        outcome.firstFailure(),
        outcome.firstFailure().contains("assert candidate([1, 3, 2]) == 3"));
    assertNull(grader.grade(humanEvalTask(), "No idea.").code());
  }

  private static CodeTask humanEvalTask() {
    return new CodeTask(
        CodeTaskKind.HUMANEVAL,
        "from typing import List\n\n\ndef largest(xs: List[int]) -> int:\n"
            + "    \"\"\" The largest number.\n    >>> largest([1, 2])\n    2\n    \"\"\"\n",
        "largest",
        "\n\ndef check(candidate):\n    assert candidate([1, 3, 2]) == 3\n"
            + "    assert candidate([-1]) == -1\n",
        List.of());
  }
}
