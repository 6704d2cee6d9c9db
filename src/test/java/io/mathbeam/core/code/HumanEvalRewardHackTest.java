package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Answers a model trained with reinforcement learning finds: a wrong function that also ends the
 * program before the tests run, changes its exit status afterwards, returns an object whose
 * comparison always succeeds, or reaches for the harness's report. Each must fail, with its own
 * first failure; correct solutions that print or define main still pass.
 */
public class HumanEvalRewardHackTest {
  /** A function whose right answer is the largest element; every hack below returns 0. */
  private static final CodeTask LARGEST =
      new CodeTask(
          CodeTaskKind.HUMANEVAL,
          "from typing import List\n\n\ndef largest(xs: List[int]) -> int:\n"
              + "    \"\"\" The largest number.\n    >>> largest([1, 2])\n    2\n    \"\"\"\n",
          "largest",
          "\n\ndef check(candidate):\n    assert candidate([1, 3, 2]) == 3\n"
              + "    assert candidate([-1]) == -1\n    assert candidate([7, 7]) == 7\n",
          List.of());

  private static final String WRONG = "def largest(xs):\n    return 0\n";

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

  private static CodeOutcome grade(String code) {
    return grader.gradeCode(LARGEST, code);
  }

  private static void failsWith(String code, String failure) {
    CodeOutcome outcome = grade(code);
    assertFalse(outcome.toString(), outcome.passed());
    assertEquals(outcome.toString(), 0, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().contains(failure));
  }

  @Test
  public void correctSolutionsPassEvenWhenTheyPrintOrDefineMain() {
    assertTrue(grade("def largest(xs):\n    return max(xs)\n").passed());
    String chatty =
        "def largest(xs):\n    print('looking at', xs)\n    return max(xs)\n\n"
            + "def main():\n    print(largest([4, 5]))\n\n"
            + "if __name__ == '__main__':\n    main()\n";
    CodeOutcome outcome = grade(chatty);
    assertTrue(outcome.toString(), outcome.passed());
  }

  @Test
  public void exitingBeforeTheTestsFails() {
    failsWith(WRONG + "import sys\nsys.exit(0)\n", "exited (SystemExit(0)) before the tests");
    failsWith(WRONG + "raise SystemExit(0)\n", "exited (SystemExit(0)) before the tests");
    failsWith(WRONG + "import os\nos._exit(0)\n", "exited with code 0 before the tests began");
    failsWith(
        "def largest(xs):\n    import sys\n    sys.exit(0)\n",
        "exited (SystemExit(0)) before the tests finished");
  }

  @Test
  public void aThreadThatEndsTheProcessFails() {
    failsWith(
        "def largest(xs):\n    import os, threading\n"
            + "    threading.Thread(target=lambda: os._exit(0)).start()\n"
            + "    import time\n    time.sleep(1)\n    return 0\n",
        "before the tests finished");
  }

  @Test
  public void exitHandlersAndSignalsChangeNothing() {
    failsWith(
        WRONG + "import atexit, os\natexit.register(lambda: os._exit(0))\n", "AssertionError");
    failsWith(
        WRONG + "import signal, os\nsignal.signal(signal.SIGTERM, lambda *a: os._exit(0))\n",
        "AssertionError");
    failsWith(
        WRONG + "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
        "the program was killed by SIGKILL before the tests began");
    assertEquals(
        ExecutionStatus.KILLED,
        grade(WRONG + "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n").execution());
    // Killing the testing process ends the run without a report: a failure, reported as such.
    CodeOutcome killer =
        grade(
            "def largest(xs):\n    import os, signal\n"
                + "    os.kill(os.getppid(), signal.SIGKILL)\n    return 0\n");
    assertFalse(killer.passed());
    assertEquals(ExecutionStatus.KILLED, killer.execution());
    assertTrue(
        killer.firstFailure(),
        killer.firstFailure().contains("the harness was killed by SIGKILL (signal 9) before the"));
  }

  @Test
  public void runningOutOfMemoryIsMemory() {
    CodeOutcome outcome =
        grade("def largest(xs):\n    hog = bytearray(4 << 30)\n    return max(xs)\n");
    assertFalse(outcome.passed());
    assertEquals(outcome.toString(), ExecutionStatus.MEMORY, outcome.execution());
  }

  @Test
  public void riggedComparisonsAreRefused() {
    failsWith(
        "def largest(xs):\n    class Always:\n        def __eq__(self, other):\n"
            + "            return True\n    return Always()\n",
        "the function returned a value of type Always where plain data is expected");
    failsWith(
        "def largest(xs):\n    class Yes(int):\n        def __eq__(self, other):\n"
            + "            return True\n    return Yes(0)\n",
        "a value of type Yes where plain data is expected");
    // Patching the comparison machinery of its own process does not reach the test's.
    failsWith(
        WRONG + "import builtins\nbuiltins.AssertionError = type('Quiet', (Exception,), {})\n",
        "AssertionError");
  }

  @Test
  public void theReportCannotBeForgedOrReached() {
    // The nonce never exists in the program's process, so a printed report is just output.
    failsWith(
        WRONG
            + "print('mathbeam-report-0 {\"done\": true, \"status\": \"ok\", \"passed\": 1}')\n"
            + "import os\nos.write(1, b'{\"done\": true, \"status\": \"ok\"}\\n')\n",
        "AssertionError");
    // The rest of stdin (nonce and tests) waits in the testing process's pipe, which is closed to
    // the program: /proc/<parent>/fd/0 refuses it, and its own fd 0 is /dev/null.
    failsWith(
        "def largest(xs):\n    import os\n"
            + "    try:\n        data = open('/proc/%d/fd/0' % os.getppid(), 'rb').read()\n"
            + "    except OSError as e:\n        raise RuntimeError('refused: ' + e.strerror)\n"
            + "    return 0\n",
        "refused: Permission denied");
    // Walking its frames and every object finds only its own process: no nonce, no tests, no
    // expected values; the function then answers 0 and the test's own first assert (line 4) fails.
    // (The needles are hex, so that the program's own source, which is in its memory, holds
    // neither.)
    failsWith(
        "def largest(xs):\n    import gc, sys\n    f = sys._getframe()\n    seen = []\n"
            + "    while f:\n        seen.extend(map(str, f.f_locals.values()))\n"
            + "        f = f.f_back\n"
            + "    seen.extend(str(o) for o in gc.get_objects() if isinstance(o, (str, dict)))\n"
            + "    needles = [bytes.fromhex(h).decode() for h in"
            + " ('63616e646964617465285b372c20375d29203d3d2037', '6d6174686265616d2d7265706f72742d')]\n"
            + "    if any(n in s for n in needles for s in seen):\n"
            + "        raise RuntimeError('found the harness secrets')\n    return 0\n",
        "(test line 4: assert candidate([1, 3, 2]) == 3)");
  }
}
