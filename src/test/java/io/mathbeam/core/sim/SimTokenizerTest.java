package io.mathbeam.core.sim;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class SimTokenizerTest {

  @Test
  public void countsWordPiecesDigitsPunctuationAndSpecialTokens() {
    assertEquals(1, SimTokenizer.count("The"));
    assertEquals(2, SimTokenizer.count("The cat"));
    // "reasoning" = reas|onin|g
    assertEquals(3, SimTokenizer.count("reasoning"));
    // 12345 = 123|45
    assertEquals(2, SimTokenizer.count("12345"));
    assertEquals(3, SimTokenizer.count("a, b"));
    assertEquals(1, SimTokenizer.count("</think>"));
    assertEquals(1, SimTokenizer.count("<|im_start|>"));
    assertEquals(1, SimTokenizer.count("\n\n"));
    assertEquals(0, SimTokenizer.count(""));
  }

  @Test
  public void truncateKeepsAPrefixWithExactlyThatManyTokens() {
    String text = "Let me think about $x^2 + 3x = 10$ carefully.</think>\n\nDone.";
    for (int k = 1; k < SimTokenizer.count(text); k++) {
      String cut = SimTokenizer.truncate(text, k);
      assertEquals(k, SimTokenizer.count(cut));
      assertEquals(true, text.startsWith(cut));
    }
    assertEquals(text, SimTokenizer.truncate(text, 1000));
  }

  @Test
  public void tokenIdsAreStable() {
    assertArrayEquals(SimTokenizer.tokenIds("same text"), SimTokenizer.tokenIds("same text"));
    assertEquals(2, SimTokenizer.tokenIds("same text").length);
  }
}
