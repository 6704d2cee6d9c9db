package io.mathbeam.core.model;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class JudgeVerdictTest {
  @Test
  public void readsOneWordVerdictsInTheirUsualDress() {
    assertEquals(JudgeVerdict.CORRECT, JudgeVerdict.parse("CORRECT"));
    assertEquals(JudgeVerdict.CORRECT, JudgeVerdict.parse("Correct."));
    assertEquals(JudgeVerdict.INCORRECT, JudgeVerdict.parse("**INCORRECT**"));
    assertEquals(JudgeVerdict.CORRECT, JudgeVerdict.parse("Verdict: correct"));
    assertEquals(JudgeVerdict.INCORRECT, JudgeVerdict.parse("\\boxed{INCORRECT}"));
    assertEquals(JudgeVerdict.INCORRECT, JudgeVerdict.parse("The answer is not correct."));
  }

  @Test
  public void ignoresReasoningInThinkBlocks() {
    assertEquals(
        JudgeVerdict.INCORRECT,
        JudgeVerdict.parse("<think>is 1/2 correct? it looks correct at first</think>\nINCORRECT"));
  }

  @Test
  public void aReplyNamingBothIsDecidedByItsLastLineOnly() {
    assertEquals(
        JudgeVerdict.INCORRECT,
        JudgeVerdict.parse("The form looks correct but the value differs.\nINCORRECT"));
    assertEquals(JudgeVerdict.MALFORMED, JudgeVerdict.parse("CORRECT or INCORRECT?"));
    assertEquals(
        JudgeVerdict.MALFORMED, JudgeVerdict.parse("INCORRECT\nwell, maybe correct or incorrect"));
  }

  @Test
  public void aReplyWithoutAVerdictIsMalformedNeverIncorrect() {
    assertEquals(JudgeVerdict.MALFORMED, JudgeVerdict.parse(""));
    assertEquals(JudgeVerdict.MALFORMED, JudgeVerdict.parse(null));
    assertEquals(JudgeVerdict.MALFORMED, JudgeVerdict.parse("I cannot tell."));
    assertEquals(JudgeVerdict.MALFORMED, JudgeVerdict.parse("Maybe."));
    assertEquals(JudgeVerdict.MALFORMED, JudgeVerdict.parse("<think>it is correct</think>"));
  }
}
