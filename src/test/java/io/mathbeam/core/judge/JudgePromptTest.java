package io.mathbeam.core.judge;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;

public class JudgePromptTest {
  @Test
  public void theDefaultShowsProblemGoldAndAnswerOnTheirOwnLines() {
    String text =
        JudgePrompt.defaults()
            .render("What is 1/2 + 0?", List.of("1/2", "0.5"), "\\frac12", "long");
    assertTrue(text, text.contains("Problem:\nWhat is 1/2 + 0?\n"));
    assertTrue(text, text.contains("\n" + JudgePrompt.GOLD_LINE + "1/2 or 0.5\n"));
    assertTrue(text, text.contains("\n" + JudgePrompt.ANSWER_LINE + "\\frac12\n"));
    assertTrue(text, text.endsWith("Reply with exactly one word: CORRECT or INCORRECT."));
  }

  @Test
  public void placeholdersInsideInsertedTextAreNotExpandedAgain() {
    JudgePrompt prompt = new JudgePrompt("[{problem}] [{answer}] [{response}]");
    assertEquals(
        "[find {answer}] [{gold}] [r]",
        prompt.render("find {answer}", List.of("1"), "{gold}", "r"));
  }

  @Test
  public void aTemplateWithoutTheAnswerIsRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new JudgePrompt("{problem} {gold}"));
    assertTrue(e.getMessage(), e.getMessage().contains("{answer}"));
  }
}
