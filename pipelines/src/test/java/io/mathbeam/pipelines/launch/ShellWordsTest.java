package io.mathbeam.pipelines.launch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.util.List;
import org.junit.Test;

public class ShellWordsTest {
  @Test
  public void splitsOnBlanksAndKeepsQuotedWordsWhole() {
    assertEquals(
        List.of("--max-model-len", "40960", "--chat-template", "/a b/t.jinja", "x\"y", "a b", "c"),
        ShellWords.split(
            "  --max-model-len 40960\t--chat-template '/a b/t.jinja' \"x\\\"y\" a\\ b c "));
  }

  @Test
  public void adjacentQuotedPartsMakeOneWord() {
    assertEquals(List.of("--x=a b", "''"), ShellWords.split("--x='a b' \"''\""));
  }

  @Test
  public void emptyOrNullGivesNoWords() {
    assertEquals(List.of(), ShellWords.split(null));
    assertEquals(List.of(), ShellWords.split("   "));
  }

  @Test
  public void unclosedQuoteIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> ShellWords.split("--a 'b"));
    assertThrows(IllegalArgumentException.class, () -> ShellWords.split("--a \"b"));
  }
}
