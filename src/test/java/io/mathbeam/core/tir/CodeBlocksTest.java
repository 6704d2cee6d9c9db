package io.mathbeam.core.tir;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.ExecutionStatus;
import org.junit.Test;

public class CodeBlocksTest {
  @Test
  public void textThatEndsInsideAPythonBlockGivesItsCode() {
    assertEquals(
        "x = 2\nprint(x)\n", CodeBlocks.openBlock("Compute:\n```python\nx = 2\nprint(x)\n"));
    assertEquals("print(1)\n", CodeBlocks.openBlock("```py\nprint(1)\n"));
  }

  @Test
  public void onlyTheLastBlockCountsAndAClosedOneIsNotOpen() {
    String text = "```python\nprint(1)\n```\n```output\n1\n```\nthen\n```python\nprint(2)\n";
    assertEquals("print(2)\n", CodeBlocks.openBlock(text));
    assertNull(CodeBlocks.openBlock("```python\nprint(1)\n```\nSo 1."));
    assertNull(CodeBlocks.openBlock("No code here."));
    assertNull(CodeBlocks.openBlock("```python\n   \n"));
  }

  @Test
  public void outputsAreCutAndLimitsSaySo() {
    Execution longRun = new Execution(ExecutionStatus.OK, 0, "y".repeat(5000), "", 3, "");
    String shown = ExecutionOutput.of(longRun);
    assertTrue(shown.length() < 1100);
    assertTrue(shown.endsWith("<output cut>\n"));
    Execution timeout = new Execution(ExecutionStatus.TIMEOUT, -1, "partial\n", "", 10, "");
    assertEquals("partial\nExecution timed out\n", ExecutionOutput.of(timeout));
    assertEquals(
        "```\n```output\n4\n```\n",
        ExecutionOutput.block(new Execution(ExecutionStatus.OK, 0, "4\n", "", 1, "")));
  }
}
