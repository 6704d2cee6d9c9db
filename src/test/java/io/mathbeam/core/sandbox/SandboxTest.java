package io.mathbeam.core.sandbox;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.ExecutionStatus;
import java.nio.file.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

public class SandboxTest {
  private static Sandbox sandbox;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  @Test
  public void programReadsItsStdinAndWritesStdout() {
    Execution e = sandbox.run("a, b = map(int, input().split())\nprint(a + b)\n", "20 22\n");
    assertEquals(ExecutionStatus.OK, e.status());
    assertEquals("42\n", e.stdout());
    assertEquals("", e.stderr());
    assertEquals(0, e.exitCode());
  }

  @Test
  public void aHarnessRunsFromItsCompiledBytecodeAsFromItsSource() {
    String harness =
        "import sys\n"
            + "def shout(text):\n    return text.upper()\n"
            + "print(shout(sys.stdin.read()), sys._getframe().f_code.co_filename)\n";
    for (int i = 0; i < 2; i++) {
      Execution compiled = sandbox.runCompiled(harness, "abc", sandbox.config().limits());
      assertEquals(compiled.toString(), ExecutionStatus.OK, compiled.status());
      assertEquals(sandbox.run(harness, "abc").stdout(), compiled.stdout());
      assertEquals("ABC main.py\n", compiled.stdout());
    }
    // a source that does not compile runs as source, and fails as such
    Execution broken = sandbox.runCompiled("def f(:\n", "", sandbox.config().limits());
    assertEquals(ExecutionStatus.ERROR, broken.status());
    assertTrue(broken.stderr(), broken.stderr().contains("SyntaxError"));
  }

  @Test
  public void exceptionIsAnErrorWithItsTraceback() {
    Execution e = sandbox.run("def f():\n    raise ValueError('bad input')\nf()\n", "");
    assertEquals(ExecutionStatus.ERROR, e.status());
    assertEquals(1, e.exitCode());
    assertTrue(e.stderr(), e.stderr().contains("ValueError: bad input"));
    assertTrue(e.stderr(), e.stderr().contains("File \"main.py\", line 2, in f"));
    assertTrue("no launcher frame: " + e.stderr(), !e.stderr().contains("<string>"));
  }

  @Test
  public void syntaxErrorAndExitCodesAreErrors() {
    assertEquals(ExecutionStatus.ERROR, sandbox.run("def f(:\n", "").status());
    Execution e = sandbox.run("import sys\nsys.exit(3)\n", "");
    assertEquals(ExecutionStatus.ERROR, e.status());
    assertEquals(3, e.exitCode());
  }

  @Test
  public void programsCannotRaiseTheirLimitsAgain() {
    Execution e =
        sandbox.run(
            "import resource\n"
                + "try:\n"
                + "    resource.setrlimit(resource.RLIMIT_AS, (-1, -1))\n"
                + "    print('raised')\n"
                + "except (ValueError, OSError) as e:\n"
                + "    print('refused')\n",
            "");
    assertEquals("refused\n", e.stdout());
  }

  @Test
  public void unicodeSurvivesBothWays() {
    Execution e = sandbox.run("print(input()[::-1], 'π≈3.14')\n", "αβγ\n");
    assertEquals("γβα π≈3.14\n", e.stdout());
  }

  @Test
  public void probeMeasuresTheStartCost() {
    assertTrue(sandbox.startMillis() > 0);
    assertTrue(sandbox.describe(), sandbox.describe().startsWith("bubblewrap"));
    assertTrue(sandbox.isolated());
  }

  @Test
  public void missingBubblewrapFailsBeforeAnythingRunsAndSaysWhatToDo() {
    SandboxUnavailableException e =
        assertThrows(
            SandboxUnavailableException.class,
            () -> Sandbox.open(SandboxConfig.defaults().withBwrap(Path.of("/nonexistent/bwrap"))));
    assertTrue(e.getMessage(), e.getMessage().contains("bubblewrap"));
    assertTrue(e.getMessage(), e.getMessage().contains("--unsafeRunCodeWithoutSandbox"));
  }

  @Test
  public void isolationThatCannotStartFailsTheProbe() {
    SandboxUnavailableException e =
        assertThrows(
            SandboxUnavailableException.class,
            () -> Sandbox.open(SandboxConfig.defaults().withBwrap(Path.of("/bin/false"))));
    assertTrue(e.getMessage(), e.getMessage().contains("sandbox_error"));
  }

  @Test
  public void missingInterpreterIsNamed() {
    SandboxUnavailableException e =
        assertThrows(
            SandboxUnavailableException.class,
            () -> Sandbox.open(SandboxConfig.defaults().withPython(Path.of("/nope/python3"))));
    assertTrue(e.getMessage(), e.getMessage().contains("/nope/python3"));
  }

  @Test
  public void withoutIsolationTheProgramSeesTheHostAsTheFlagNameWarns() {
    try (Sandbox unsafe = Sandbox.open(TestSandboxes.quick(1).withUnsafeNoIsolation(true))) {
      Path pom = TestSandboxes.projectRoot().resolve("pom.xml");
      Execution e = unsafe.run("print(len(open('" + pom + "').read()) > 0)\n", "");
      assertEquals("True\n", e.stdout());
      assertTrue(unsafe.describe(), unsafe.describe().startsWith("UNSAFE"));
      assertEquals(ExecutionStatus.TIMEOUT, unsafe.run("while True: pass\n", "").status());
    }
  }
}
