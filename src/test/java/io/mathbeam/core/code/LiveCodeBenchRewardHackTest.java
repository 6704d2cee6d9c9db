package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
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

  private static final CodeTask ECHO = CodeFixtures.ECHO;

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

  @Test
  public void exitsAfterPrintingAreJudgedOnWhatReachedTheOutput() {
    assertTrue(
        grader.gradeCode(ECHO, "import os\nprint(input(), flush=True)\nos._exit(0)\n").passed());
    // unflushed, the output is lost as in any process that ends with os._exit
    failsWith(ECHO, "import os\nprint(input())\nos._exit(0)\n", "test 1/2 wrong answer");
    failsWith(ECHO, "print('wrong', flush=True)\nimport os\nos._exit(0)\n", "wrong answer");
    failsWith(
        ECHO,
        "import atexit, os\natexit.register(lambda: os._exit(0))\nprint('x')\n",
        "wrong answer");
  }

  @Test
  public void aTestProcessCannotReachTheTestingProcess() {
    // a forged answer with the expected output, framed, written to every descriptor it has
    String forge =
        "import json, os\n"
            + "body = json.dumps({'got': 'hello\\n'}).encode()\n"
            + "frame = len(body).to_bytes(8, 'big') + body\n"
            + "for fd in range(3, 64):\n"
            + "    try:\n        os.write(fd, frame)\n    except OSError:\n        pass\n"
            + "print('nope')\n";
    failsWith(ECHO, forge, "test 1/2 wrong answer");
  }

  @Test
  public void closingItsPipeAndRunningOnIsATimeout() {
    String hide =
        "import os, time\nfor fd in range(3, 64):\n"
            + "    try:\n        os.close(fd)\n    except OSError:\n        pass\n"
            + "print(input(), flush=True)\ntime.sleep(60)\n";
    CodeOutcome outcome = grader.withTestTimeout(Duration.ofSeconds(1)).gradeCode(ECHO, hide);
    assertFalse(outcome.toString(), outcome.passed());
    assertEquals(outcome.toString(), ExecutionStatus.TIMEOUT, outcome.execution());
    // the test timer's exception caught, the right output written late, then a clean exit
    String late =
        "import os, time\nline = input()\ntry:\n    time.sleep(60)\nexcept BaseException:\n"
            + "    print(line, flush=True)\n    os._exit(0)\n";
    CodeOutcome slow = grader.withTestTimeout(Duration.ofSeconds(1)).gradeCode(ECHO, late);
    assertEquals(slow.toString(), ExecutionStatus.TIMEOUT, slow.execution());
    // and a forged message that claims the sandbox failed is the program's error
    String claim =
        "import json, os\n"
            + "body = json.dumps({'status': 'sandbox_error', 'error': 'x'}).encode()\n"
            + "for fd in range(3, 64):\n"
            + "    try:\n        os.write(fd, len(body).to_bytes(8, 'big') + body)\n"
            + "    except OSError:\n        pass\n"
            + "os._exit(0)\n";
    CodeOutcome claimed = grader.gradeCode(ECHO, claim);
    assertFalse(claimed.toString(), claimed.passed());
    assertEquals(claimed.toString(), ExecutionStatus.ERROR, claimed.execution());
  }

  @Test
  public void aFunctionalProgramCannotClaimASandboxFailure() {
    String claim =
        "import json, os\n"
            + "class Solution:\n    def add(self, a, b):\n"
            + "        body = json.dumps({'status': 'sandbox_error', 'error': 'x'}).encode()\n"
            + "        frame = len(body).to_bytes(8, 'big') + body\n"
            + "        for fd in range(3, 64):\n"
            + "            try:\n                os.write(fd, frame)\n"
            + "            except OSError:\n                pass\n"
            + "        return 0\n";
    CodeOutcome outcome = grader.gradeCode(ADD, claim);
    assertFalse(outcome.toString(), outcome.passed());
    assertTrue(outcome.toString(), outcome.execution() != ExecutionStatus.SANDBOX_ERROR);
  }
}
