package io.mathbeam.core.tir;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Execution;
import org.junit.Test;

public class ExecutionOutputTest {
  @Test
  public void outputsAreCutAndLimitsSaySo() {
    Execution longRun = new Execution(ExecutionStatus.OK, 0, "y".repeat(5000), "", 3, "");
    String shown = ExecutionOutput.of(longRun);
    assertTrue(shown.length() < 1100);
    assertTrue(shown.endsWith("<output cut>\n"));
    Execution timeout = new Execution(ExecutionStatus.TIMEOUT, -1, "partial\n", "", 10, "");
    assertEquals("partial\nExecution timed out\n", ExecutionOutput.of(timeout));
    Execution killed =
        new Execution(ExecutionStatus.KILLED, 137, "", "", 2, "killed by SIGKILL (signal 9)");
    assertEquals("Execution was killed by SIGKILL (signal 9)\n", ExecutionOutput.of(killed));
    assertEquals(
        "```\n```output\n4\n```\n",
        ExecutionOutput.block(new Execution(ExecutionStatus.OK, 0, "4\n", "", 1, "")));
  }
}
