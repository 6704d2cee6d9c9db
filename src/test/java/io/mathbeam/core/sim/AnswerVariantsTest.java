package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;

public class AnswerVariantsTest {

  @Test
  public void equivalentSpellingsAreSimpleAndExact() {
    assertEquals(
        List.of("\\frac{1}{2}", "\\dfrac{1}{2}", "1/2", "0.5"),
        AnswerVariants.equivalents("\\frac{1}{2}"));
    assertEquals(List.of("025", "25"), AnswerVariants.equivalents("025"));
    assertEquals(List.of("5", "5.0"), AnswerVariants.equivalents("5"));
    // 1/3 has no terminating decimal, so no decimal spelling is offered
    assertFalse(AnswerVariants.equivalents("\\frac{1}{3}").contains("0.333333"));
    assertEquals(List.of("p - q"), AnswerVariants.equivalents("p - q"));
    assertEquals(
        List.of("12345", "12345.0", "12{,}345", "12,\\!345"), AnswerVariants.equivalents("12345"));
    assertEquals(
        List.of("-1000", "-1000.0", "-1{,}000", "-1,\\!000"), AnswerVariants.equivalents("-1000"));
  }

  @Test
  public void wrongAnswersDifferFromTheGold() {
    for (String gold :
        List.of(
            "025",
            "0",
            "-3",
            "\\frac{1}{576}",
            "\\frac{0}{5}",
            "1.6",
            "p - q",
            "\\left( 3, \\frac{\\pi}{2} \\right)",
            "\\sqrt{2}",
            "12")) {
      List<String> wrong = AnswerVariants.wrongAnswers(gold, 11);
      assertFalse(gold, wrong.isEmpty());
      for (String w : wrong) {
        assertFalse(gold + " vs " + w, AnswerVariants.equivalents(gold).contains(w));
        assertFalse(gold + " vs " + w, w.replace(" ", "").equals(gold.replace(" ", "")));
      }
    }
    assertTrue(AnswerVariants.wrongAnswers("025", 1).stream().noneMatch(w -> w.equals("25")));
  }
}
