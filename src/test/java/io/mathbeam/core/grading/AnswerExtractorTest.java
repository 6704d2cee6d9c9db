package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

public class AnswerExtractorTest {

  @Test
  public void takesTheLastBoxWithNestedBraces() {
    assertEquals(
        "\\frac{\\sqrt{3}}{2}",
        AnswerExtractor.extract("First \\boxed{1}, then finally \\boxed{\\frac{\\sqrt{3}}{2}}."));
  }

  @Test
  public void readsFboxAndUnbracedBox() {
    assertEquals("7", AnswerExtractor.extract("so it is \\fbox{7}"));
    assertEquals("5", AnswerExtractor.extract("the result is $\\boxed 5$"));
  }

  @Test
  public void skipsAnUnclosedBoxFromATruncatedResponse() {
    assertEquals("3", AnswerExtractor.extract("\\boxed{3} and then \\boxed{\\frac{1}{"));
  }

  @Test
  public void searchesOnlyAfterTheLastThinkClose() {
    String response =
        "<think>maybe \\boxed{3}</think>Hmm<think>no</think> The answer is \\boxed{5}.";
    assertEquals("5", AnswerExtractor.extract(response));
    assertEquals(
        "12", AnswerExtractor.extract("<think>try \\boxed{3}</think> So we get 12 apples."));
  }

  @Test
  public void searchesAResponseCutOffInsideThinking() {
    assertEquals("3", AnswerExtractor.extract("<think>I guess \\boxed{3} but let me"));
    assertEquals("41", AnswerExtractor.extract("<think>adding 40 and 1 gives 41"));
  }

  @Test
  public void fallsBackToAnswerPhrases() {
    assertEquals(
        "\\frac{1}{2}", AnswerExtractor.extract("The final answer is $\\frac{1}{2}$. I hope so."));
    assertEquals("42", AnswerExtractor.extract("Work: 6*7 = 42 and 3.\nAnswer: 42"));
    assertEquals(
        "220",
        AnswerExtractor.extract(
            "R\u00e9ponse: Janeth aura encore 220 $ \u00e0 payer d'ici 12 mois."));
    assertEquals(
        "\\frac{2}{5}",
        AnswerExtractor.extract("\u7b54\u6848\uff1a\u6bcf\u4efd (\\frac{2}{5}) \u5428\u3002"));
  }

  @Test
  public void fallsBackToTheLastMathSpan() {
    assertEquals("x^2+1", AnswerExtractor.extract("We get $x=2$ and so \\(x^2+1\\) is it"));
    assertEquals("1", AnswerExtractor.extract("how many $? just about 1$"));
  }

  @Test
  public void fallsBackToTheLastNumberWithFractionsAndPercent() {
    assertEquals("13/28", AnswerExtractor.extract("\u8ba1\u5212\u7684\u6bd4\u4f8b\u4e3a13/28"));
    assertEquals("25%", AnswerExtractor.extract("La probabilit\u00e9 est de **25%**."));
    assertEquals("-3", AnswerExtractor.extract("the root is -3"));
    assertEquals("1,000", AnswerExtractor.extract("it costs 1,000 dollars"));
  }

  @Test
  public void takesTheResultOfAnArithmeticLine() {
    assertEquals("105", AnswerExtractor.extract("r\u00e9ponse est (35 + 70 = 105)."));
    assertEquals("x = 5", AnswerExtractor.extract("\\boxed{x = 5}"));
  }

  @Test
  public void returnsNullWithoutAnAnswer() {
    assertNull(AnswerExtractor.extract("I do not know."));
    assertNull(AnswerExtractor.extract(""));
    assertNull(AnswerExtractor.extract(null));
    assertNull(AnswerExtractor.extract("empty \\boxed{}"));
  }

  @Test
  public void keepsMultipleChoiceLetters() {
    assertEquals("\\textbf{(C)}", AnswerExtractor.extract("so \\boxed{\\textbf{(C)}}"));
    assertEquals("C", AnswerExtractor.extractChoice("I think the correct answer is C"));
    assertEquals(
        "D", AnswerExtractor.extractChoice("The answer is for sure D, it can't be A or B"));
    assertEquals("D", AnswerExtractor.extractChoice("D. it can't be A or B"));
    assertEquals("B", AnswerExtractor.extractChoice("It's not A, therefore I think it's B"));
    assertEquals("B", AnswerExtractor.extractChoice("B\u3002\u4e0d\u662f A"));
  }
}
