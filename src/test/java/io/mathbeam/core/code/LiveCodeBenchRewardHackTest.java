package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The LiveCodeBench harness under issue 27's rules: the expected outputs and the nonce live only in
 * the testing process, which compares; the program's process answers with what it printed or
 * returned, as plain data.
 */
public class LiveCodeBenchRewardHackTest {
  private static final CodeTask ADD =
      new CodeTask(
          CodeTaskKind.LIVECODEBENCH,
          "",
          "add",
          "",
          List.of(
              new CodeTest("1\n2", "3", CodeTestType.FUNCTIONAL),
              new CodeTest("5\n7", "12", CodeTestType.FUNCTIONAL)));

  private static final CodeTask ECHO =
      new CodeTask(
          CodeTaskKind.LIVECODEBENCH,
          "",
          "",
          "",
          List.of(
              new CodeTest("hello\n", "hello\n", CodeTestType.STDIN),
              new CodeTest("world\n", "world\n", CodeTestType.STDIN)));

  private static Sandbox sandbox;
  private static CodeGrader grader;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
    grader = new CodeGrader(sandbox);
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  private static void failsWith(CodeTask task, String code, String failure) {
    CodeOutcome outcome = grader.gradeCode(task, code);
    assertFalse(outcome.toString(), outcome.passed());
    assertEquals(outcome.toString(), 0, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().contains(failure));
  }

  @Test
  public void honestSolutionsStillPass() {
    assertTrue(
        grader
            .gradeCode(ADD, "class Solution:\n    def add(self, a, b):\n        return a + b\n")
            .passed());
    assertTrue(grader.gradeCode(ECHO, "import sys\nprint(input())\nsys.exit(0)\n").passed());
  }

  @Test
  public void aSubclassOfIntThatEqualsAnythingIsRefused() {
    failsWith(
        ADD,
        "class Yes(int):\n    def __eq__(self, other):\n        return True\n"
            + "class Solution:\n    def add(self, a, b):\n        return Yes(0)\n",
        "an object of type Yes");
  }

  @Test
  public void theProgramHoldsNeitherTheNonceNorTheExpectedOutputs() {
    // The expected output "12" of the second test, in hex so that the program's own source does
    // not hold it; the program looks for it and for the nonce's prefix everywhere it can.
    String search =
        "import sys\n"
            + "def found():\n"
            + "    expected = bytes.fromhex('3132').decode()\n"
            + "    nonce = bytes.fromhex('6d6174686265616d2d7265706f').decode()\n"
            + "    f = sys._getframe(1)\n"
            + "    while f:\n"
            + "        for v in list(f.f_locals.values()):\n"
            + "            texts = [repr(v)]\n"
            + "            if hasattr(v, '__dict__'):\n"
            + "                texts.append(repr(vars(v)))\n"
            + "            for t in texts:\n"
            + "                if nonce in t or \"'output': '\" + expected + \"'\" in t:\n"
            + "                    return True\n"
            + "        f = f.f_back\n"
            + "    return False\n"
            + "class Solution:\n    def add(self, a, b):\n"
            + "        if found():\n            raise RuntimeError('found the harness secrets')\n"
            + "        return 0\n";
    failsWith(ADD, search, "test 1/2 wrong answer");
  }

  @Test
  public void aPrintedReportIsJustOutput() {
    failsWith(
        ECHO,
        "print('mathbeam-report-0 {\"done\": true, \"status\": \"ok\", \"passed\": 2}')\n"
            + "import os\nos.write(1, b'{\"done\": true, \"status\": \"ok\", \"passed\": 2}\\n')\n",
        "test 1/2 wrong answer");
  }
}
