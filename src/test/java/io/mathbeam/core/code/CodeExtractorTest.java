package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

public class CodeExtractorTest {
  @Test
  public void takesTheLastPythonBlockOfAChatAnswer() {
    String response =
        "Let me write a first attempt:\n\n"
            + "```python\ndef f(x):\n    return x\n```\n\n"
            + "That is wrong for negatives. Fixed:\n\n"
            + "```python\ndef f(x):\n    return abs(x)\n```\n\n"
            + "This runs in O(1).";
    assertEquals("def f(x):\n    return abs(x)\n", CodeExtractor.extract(response));
  }

  @Test
  public void acceptsPyAndPython3InfoStringsInAnyCase() {
    assertEquals("print(1)\n", CodeExtractor.extract("```py\nprint(1)\n```"));
    assertEquals("print(2)\n", CodeExtractor.extract("```Python3\nprint(2)\n```"));
    assertEquals("print(3)\n", CodeExtractor.extract("``` python title=\"a.py\"\nprint(3)\n```"));
    assertEquals("print(4)\n", CodeExtractor.extract("```{.python}\nprint(4)\n```"));
  }

  @Test
  public void pythonBlockWinsOverALaterBareOrOtherLanguageBlock() {
    String response =
        "```python\nprint(sum(map(int, input().split())))\n```\n"
            + "Example run:\n```\n$ echo 1 2 | python3 a.py\n3\n```\n"
            + "```bash\npython3 a.py\n```\n";
    assertEquals("print(sum(map(int, input().split())))\n", CodeExtractor.extract(response));
  }

  @Test
  public void bareBlockCountsWhenThereIsNoPythonOne() {
    assertEquals(
        "def g():\n    return 2\n",
        CodeExtractor.extract("Here:\n```\ndef g():\n    return 2\n```\nDone."));
  }

  @Test
  public void blocksInOtherLanguagesOnlyMeanNoProgram() {
    assertNull(CodeExtractor.extract("In C++:\n```cpp\nint main() { return 0; }\n```\n"));
  }

  @Test
  public void unclosedLastFenceRunsToTheEnd() {
    String cutOff = "Solution:\n```python\nclass Solution:\n    def f(self):\n        return 1\n";
    assertEquals(
        "class Solution:\n    def f(self):\n        return 1\n", CodeExtractor.extract(cutOff));
  }

  @Test
  public void crlfLineEndsBecomeNewlines() {
    assertEquals(
        "x = 1\nprint(x)\n",
        CodeExtractor.extract("Code:\r\n```python\r\nx = 1\r\nprint(x)\r\n```\r\n"));
  }

  @Test
  public void indentedFenceInAListItemLosesItsIndentation() {
    String response =
        "1. Read the input.\n"
            + "2. Print it:\n"
            + "   ```python\n"
            + "   n = int(input())\n"
            + "   if n:\n"
            + "       print(n)\n"
            + "   ```\n";
    assertEquals("n = int(input())\nif n:\n    print(n)\n", CodeExtractor.extract(response));
  }

  @Test
  public void longerFenceKeepsInnerTripleBackticks() {
    String response = "````python\ns = '''\n```\n'''\nprint(s)\n````\n";
    assertEquals("s = '''\n```\n'''\nprint(s)\n", CodeExtractor.extract(response));
  }

  @Test
  public void reasoningIsDroppedBeforeLooking() {
    String response =
        "<think>Maybe\n```python\nprint('draft')\n```\nno.</think>\n"
            + "Final:\n```python\nprint('final')\n```";
    assertEquals("print('final')\n", CodeExtractor.extract(response));
    // the chat template opened <think>: only its end is in the response
    assertEquals(
        "print('final')\n",
        CodeExtractor.extract(
            "draft ```python\nprint(0)\n``` </think>```python\nprint('final')\n```"));
  }

  @Test
  public void reasoningThatNeverEndedHasNoProgram() {
    assertNull(CodeExtractor.extract("<think>I should write\n```python\nprint(1)\n```\nthen"));
  }

  @Test
  public void rawFunctionBodyOfABaseModelIsTheProgramAsItIs() {
    String body =
        "    for x in numbers:\n        if x < 0:\n            return True\n    return False\n";
    assertEquals(body, CodeExtractor.extract(body));
    assertEquals(body, CodeExtractor.extract(body + "\n\n"));
  }

  @Test
  public void rawModuleCodeIsTheProgram() {
    assertEquals("import sys\nprint(1)\n", CodeExtractor.extract("import sys\nprint(1)"));
    assertEquals("n = int(input())\n", CodeExtractor.extract("n = int(input())"));
    assertEquals("def f():\n    pass\n", CodeExtractor.extract("\ndef f():\n    pass"));
  }

  @Test
  public void proseHasNoProgram() {
    assertNull(CodeExtractor.extract("I cannot solve this problem."));
    assertNull(CodeExtractor.extract("The answer is 42, because 6 * 7 = 42."));
    assertNull(CodeExtractor.extract(""));
    assertNull(CodeExtractor.extract(null));
    assertNull(CodeExtractor.extract("Here it is:\n```python\n\n```\n"));
  }

  @Test
  public void textThatEndsInsideAPythonBlockGivesItsCode() {
    assertEquals(
        "x = 2\nprint(x)\n",
        CodeExtractor.openPythonBlock("Compute:\n```python\nx = 2\nprint(x)\n"));
    assertEquals("print(1)\n", CodeExtractor.openPythonBlock("```py\nprint(1)\n"));
  }

  @Test
  public void onlyTheLastBlockCountsAndAClosedOneIsNotOpen() {
    String text = "```python\nprint(1)\n```\n```output\n1\n```\nthen\n```python\nprint(2)\n";
    assertEquals("print(2)\n", CodeExtractor.openPythonBlock(text));
    assertNull(CodeExtractor.openPythonBlock("```python\nprint(1)\n```\nSo 1."));
    assertNull(CodeExtractor.openPythonBlock("No code here."));
    assertNull(CodeExtractor.openPythonBlock("```python\n   \n"));
  }
}
