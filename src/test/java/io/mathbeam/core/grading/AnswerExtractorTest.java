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
  public void aSentenceThatNamesTheQuantityGivesTheValueAtItsEnd() {
    assertEquals(
        "36", AnswerExtractor.extract("Final Answer: The value of $x+y$ is $36$.<|eot_id|>"));
    assertEquals(
        "16",
        AnswerExtractor.extract(
            "Final Answer: The remainder when $N$ is divided by 1000 is 16. I hope it is correct."));
    assertEquals(
        "13",
        AnswerExtractor.extract(
            "Final Answer: The greatest value of $\\gcd(n+7, 2n+1)$ is 13, attained at $n = 6$."));
    assertEquals("204", AnswerExtractor.extract("Final Answer: The time is $204$ minutes."));
    // no marker: the last sentence, before an earlier math span
    assertEquals(
        "4495",
        AnswerExtractor.extract("Dividing by $6$ gives it.\n\nSo the coefficient is 4495."));
    // a value without digits or math is not read
    assertEquals("x^2+1", AnswerExtractor.extract("We get $x=2$ and so \\(x^2+1\\) is it"));
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

  @Test
  public void stopsAtChatTemplateResidue() {
    assertEquals(
        "17",
        AnswerExtractor.extract(
            "Answer: 17<|im_end|>\n<|im_start|>user\nWhat is 2+3?<|im_end|>\nAnswer: 5"));
    assertEquals("9", AnswerExtractor.extract("So \\boxed{9}<|eot_id|>Next \\boxed{4}"));
    assertEquals("8", AnswerExtractor.extract("<|im_start|>assistant\nThe answer is 8."));
  }

  @Test
  public void stopsAtANewQuestionWrittenAfterTheAnswer() {
    assertEquals("17", AnswerExtractor.extract("Answer: 17\n\nQuestion: What is 2+3?\nAnswer: 5"));
    assertEquals(
        "3", AnswerExtractor.extract("so \\boxed{3}.\n\n**Problem 2.** Find x. \\boxed{7}"));
    assertEquals(
        "7", AnswerExtractor.extract("Problem: find x.\nSolution: x = 7, so the answer is 7."));
  }

  @Test
  public void readsMarkdownAnswerLines() {
    assertEquals("204", AnswerExtractor.extract("Work...\n**Answer:** 204"));
    assertEquals("12", AnswerExtractor.extract("**Final Answer**: 12"));
    assertEquals("x^2+1", AnswerExtractor.extract("The answer is therefore $x^2+1$, as shown."));
  }

  @Test
  public void readsASentenceInsideABox() {
    assertEquals("12", AnswerExtractor.extract("\\boxed{\\text{The answer is } 12}"));
    assertEquals("\\text{odd}", AnswerExtractor.extract("\\boxed{\\text{odd}}"));
  }

  @Test
  public void extractsAMatrixOutsideABoxWhole() {
    String matrix = "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}";
    assertEquals(
        matrix,
        AnswerExtractor.extract(
            "Final Answer: The final answer is $" + matrix + "$. I hope it is correct."));
    assertEquals(matrix, AnswerExtractor.extract("The product is $" + matrix + "$."));
  }

  @Test
  public void readsTheAnswerAGoldStates() {
    assertEquals("5", AnswerExtractor.goldAnswer("The answer is $5$."));
    assertEquals("7", AnswerExtractor.goldAnswer("so we get $x = 7$, hence $\\boxed{7}$"));
    assertEquals("$x=2$ or $x=-3$", AnswerExtractor.goldAnswer("$x=2$ or $x=-3$"));
    assertEquals("\\frac{1}{2}", AnswerExtractor.goldAnswer("\\frac{1}{2}"));
    assertEquals("The answer is <]$", AnswerExtractor.goldAnswer("The answer is <]$"));
  }

  @Test
  public void joinsMathSpansWrittenAsAlternatives() {
    assertEquals("x = 3, x = -2", AnswerExtractor.extract("so $x = 3$ or $x = -2$."));
    assertEquals("-2", AnswerExtractor.extract("First $x = 3$. Later we see $-2$."));
  }

  @Test
  public void prefersABoldLastLineToEarlierMath() {
    assertEquals("x = 5", AnswerExtractor.extract("From $4x = 20$ we divide by $4$:\n\n**x = 5**"));
  }

  @Test
  public void listsTheLastBoxesOfAMultiPartAnswer() {
    assertEquals(java.util.List.of("4", "9"), Boxes.exactly("(1) \\boxed{4}.\n(2) \\boxed{9}.", 2));
    assertNull(Boxes.exactly("only \\boxed{4}", 2));
  }

  @Test
  public void readsTheBoldPartOfAnAnswerSentence() {
    assertEquals(
        "2:3", AnswerExtractor.extract("**Final Answer:** The ratio of the areas is **2:3**."));
    assertEquals("even", AnswerExtractor.extract("So...\n\nTherefore the function is **even**."));
    assertEquals(
        "36.00",
        AnswerExtractor.extract("Check.\n\n**The original price of the shirt was $36.00.**"));
  }

  @Test
  public void joinsTheMathSpansOfAnAnswerSentence() {
    assertEquals(
        "x = 7, x = 3, x = 5",
        AnswerExtractor.extract("**Final Answer:** The roots are $x = 7$, $x = 3$, and $x = 5$."));
  }

  @Test
  public void readsANumberWrittenInWords() {
    assertEquals(
        "18",
        AnswerExtractor.extract(
            "She sells 9 eggs at $2 each.\n\nSo Janet makes eighteen dollars every day."));
    assertEquals("35", AnswerExtractor.extract("That comes to thirty-five hours a week."));
    assertEquals(
        "80",
        AnswerExtractor.extract("**Final Answer:** Their average guess is eighty jelly beans."));
    assertNull(AnswerExtractor.extract("Hmm, let me try one of the other cases instead."));
    assertNull(AnswerExtractor.extract("So the two sides of this expression look alike."));
  }
}
