package io.mathbeam.core.choice;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.List;
import org.junit.Test;

public class ChoiceAnswerTest {
  private static final List<String> FOUR =
      List.of("12", "3.2 eV", "$\\frac{1}{2}$", "none of these");

  private static String letter(String response) {
    return ChoiceAnswer.extractLetter(response, FOUR);
  }

  @Test
  public void readsBoxedLettersInEveryForm() {
    assertEquals("B", letter("so we get \\boxed{B}"));
    assertEquals("B", letter("so we get $\\boxed{(B)}$"));
    assertEquals("B", letter("\\boxed{\\text{B}}"));
    assertEquals("B", letter("\\boxed{\\textbf{B}}"));
    assertEquals("C", letter("\\boxed{\\textbf{(C) } \\frac{1}{2}}"));
    assertEquals("D", letter("\\boxed{ D. }"));
    assertEquals("A", letter("\\fbox{A}"));
  }

  @Test
  public void readsAnswerPhrases() {
    assertEquals("B", letter("Answer: B"));
    assertEquals("B", letter("Answer: (B)"));
    assertEquals("B", letter("The answer is (B)."));
    assertEquals("B", letter("**Answer: B**"));
    assertEquals("B", letter("**Answer:** B"));
    assertEquals("C", letter("Final answer: C"));
    assertEquals("C", letter("The correct option is C, since the others fail."));
    assertEquals("D", letter("Answer: Option (D)"));
    assertEquals("A", letter("ANSWER:\n\nA"));
    assertEquals("B", letter("The answer is B because the energy is conserved."));
    assertEquals("B", letter("Answer: $B$"));
    assertEquals("B", letter("**Answer**: B"));
    assertEquals("B", letter("The answer is: **(B)**"));
    assertEquals("C", letter("Therefore, the answer is option C."));
  }

  @Test
  public void readsBoldLettersAndLinesThatAreOnlyALetter() {
    assertEquals("B", letter("After all that, I pick **B**"));
    assertEquals("B", letter("My choice: **(B)**"));
    assertEquals("C", letter("Checking each option.\n**(C) 1/2** is right."));
    assertEquals("B", letter("Working...\n(B)"));
    assertEquals("B", letter("Working...\n  B.  \n"));
    assertEquals("D", letter("Working...\r\nD)\r\n"));
    assertEquals("A", letter("A"));
  }

  @Test
  public void theLastPickOfAKindWins() {
    assertEquals("C", letter("\\boxed{A} wait, no: \\boxed{C}"));
    assertEquals("D", letter("The answer is A. Hmm, re-checking, the answer is D."));
    assertEquals("C", letter("**A** looked right, but\n(C)\n"));
  }

  @Test
  public void aBoxBeatsAPhraseAndAPhraseBeatsABoldLetter() {
    assertEquals("C", letter("\\boxed{C}\n\nAnswer: A"));
    assertEquals("B", letter("Answer: B\n\nAlso **D** is tempting."));
    assertEquals("B", letter("I first thought\nA\nbut the answer is B"));
  }

  @Test
  public void aFinalAnswerEqualToAnOptionTextCountsAsItsLetter() {
    assertEquals("B", letter("\\boxed{3.2 eV}"));
    assertEquals("B", letter("Answer: 3.2   EV."));
    assertEquals("C", letter("The answer is \\frac{1}{2}"));
    assertEquals("C", letter("\\boxed{\\frac{1}{2}}"));
    assertEquals("D", letter("**Answer: None of these**"));
    assertEquals("A", letter("Final answer: $12$"));
  }

  @Test
  public void anUnrecognisedBoxFallsBackToThePhrase() {
    assertEquals("B", letter("Answer: B, i.e. \\boxed{3.20}"));
  }

  @Test
  public void textMatchingTwoOptionsIsNoAnswer() {
    assertNull(ChoiceAnswer.extractLetter("\\boxed{same}", List.of("same", "Same.", "other")));
  }

  @Test
  public void aLetterBeyondTheOptionsIsNoAnswer() {
    assertNull(letter("\\boxed{E}"));
    assertNull(letter("Answer: (F)"));
    assertNull(letter("**E**"));
    assertNull(letter("Working\nZ\n"));
    assertEquals("E", ChoiceAnswer.extractLetter("\\boxed{E}", List.of("1", "2", "3", "4", "5")));
  }

  @Test
  public void anOutOfRangeBoxIsNotRescuedByAnEarlierPhrase() {
    assertNull(letter("Answer: B\n\\boxed{E}"));
  }

  @Test
  public void proseWithoutAFinalPickIsNoAnswer() {
    assertNull(letter("A train leaves the station at 3 pm."));
    assertNull(letter("I think this is about conservation of energy."));
    assertNull(letter("Option A is tempting but I need more time to check"));
    assertNull(letter("The answer is not obvious. Let me reconsider (B) and (C) again."));
    assertNull(letter("Answer: A quick estimate shows the energy is small"));
    assertNull(letter("So the answer is I think hard to say"));
    assertNull(letter("To find the answer: compute the energy first."));
    assertNull(letter("We use A = 5 and B = 6, so x = 11."));
    assertNull(letter("Answer choices:\n(A) 12\n(B) 3.2 eV\nLet me think about each."));
    assertNull(letter(""));
    assertNull(letter(null));
  }

  @Test
  public void reasoningInsideThinkTagsIsIgnored() {
    assertNull(letter("<think>The answer is B. \\boxed{B}</think>I cannot decide."));
    assertEquals("C", letter("<think>\\boxed{B}\n(A)</think>\nAnswer: C"));
    assertEquals("D", letter("reasoning without an opening tag \\boxed{A}</think> **D**"));
    assertNull(letter("<think>maybe \\boxed{B} but let me check"));
    assertEquals("A", letter("Answer: A\n<think>second thoughts \\boxed{B}"));
  }

  @Test
  public void anUnclosedBoxIsNotAnAnswer() {
    assertEquals("B", letter("Answer: B then \\boxed{C"));
  }

  @Test
  public void longResponsesAreReadQuickly() {
    StringBuilder response = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      response.append("Consider option A and (B) with **bold** text; the answer is unclear {\n");
    }
    response.append("\\boxed{C}");
    long start = System.nanoTime();
    assertEquals("C", letter(response.toString()));
    long millis = (System.nanoTime() - start) / 1_000_000;
    org.junit.Assert.assertTrue(millis + " ms", millis < 2000);
  }
}
