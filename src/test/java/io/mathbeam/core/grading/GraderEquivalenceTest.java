package io.mathbeam.core.grading;

import static io.mathbeam.core.grading.Verdicts.different;
import static io.mathbeam.core.grading.Verdicts.same;
import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

public class GraderEquivalenceTest {
  /** A generous budget: these tests are about answers, not speed, and CI machines are slow. */
  private final Grader grader = new Grader();

  @Test
  public void integersDecimalsAndFractions() {
    same("25", "025");
    same("025", "25");
    same("5", "5.0");
    same("\\frac{1}{2}", "0.5");
    same("1/2", "\\frac12");
    same("0.5", "\\dfrac{1}{2}");
    same("-\\frac{3}{8}", "-0.375");
    same("\\frac{-1}{1997}", "-\\frac{1}{1997}");
    same(".0000672", "6.72 \\times 10^{-5}");
    same("1.04e-3", "0.00104");
    same("2.314814814815 \\times 10^{-3}", "\\frac{1}{432}");
    different("5", "5.001");
    different("1/3", "0.33");
    different("1000000000", "1000000001");
  }

  @Test
  public void rootsPiPowersAndProducts() {
    same("\\frac{\\sqrt{3}}{2}", "0.8660254037844386");
    same("2\\sqrt{5}", "\\sqrt{20}");
    same("\\frac{9 \\sqrt{23}}{23}", "\\frac{9}{\\sqrt{23}}");
    same("12\\pi", "\\pi \\cdot 12");
    same("2^{25} \\cdot 26!", "33554432 \\cdot 26!");
    same("2^6 * 3^5 * 5^4", "2^6 3^5 5^4");
    same("5 \\sqrt[3]{4}", "\\sqrt[3]{500}");
    same("1+2i", "i(2-i)");
    different("2\\sqrt{5}", "2\\sqrt{6}");
  }

  @Test
  public void guardsAgainstKnownFalsePositives() {
    different("\\frac{1}{2004!}", "\\frac{1}{2006!}");
    different("\\frac{1}{2^{99}}", "\\frac{1}{2^{98}}");
    different("1-\\frac{1}{e}", "1+\\frac{1}{e}");
    different("\\pm 2", "2");
    different("2", "\\pm 2");
  }

  @Test
  public void symbolicExpressionsAtRandomPoints() {
    same("x^2+2x+1", "(x+1)^2");
    same("(r+5)(r+5)", "(r+5)^2");
    same("\\frac{8-7x}{6}", "4/3-7x/6");
    same("\\sec x", "\\frac1{\\cos x}");
    same("\\sin(90^{\\circ}-x)", "\\cos(x)");
    same("\\frac{n(n+1)}{2}", "\\frac{n^2+n}{2}");
    same(
        "\\frac{v_{0}}{r_{0}} \\frac{1}{\\left(1+r / r_{0}\\right)^{3 / 2}}",
        "\\frac{v_0 \\cdot \\left(\\frac{r_0}{r + r_0}\\right)^{0.5}}{(r + r_0)}");
    different("x^2+2x+1", "x^3+2x+1");
    different("2n", "2k");
    different("\\sin(x)=\\frac{42}{59}", "\\cos(x)=\\frac{42}{59}");
  }

  @Test
  public void looseDecimalsAreTheExactValueRoundedOrTruncated() {
    same("40\\pi", "125.663");
    same("40\\pi", "125.664");
    same("\\sqrt{2}", "1.414");
    same("\\pi", "3.1416");
    same("1/3", "0.3333");
    same("-\\frac{2}{3}", "-0.6667");
    // Three significant digits are not enough: no other grader takes 3.14 for pi.
    different("1/3", "0.333");
    different("\\pi", "3.14");
    different("\\sqrt{2}", "1.41");
    same("x + \\sqrt2I", "x + 1.414I");
    same("\\frac13, \\sqrt3, \\pi", "1/3, 1.732, 3.1416");
    same("\\begin{cases} a+b=\\frac12 \\\\ a-b=\\sqrt3 \\end{cases}", "a+b=0.5, a-b=1.732");
    same("\\pi", "3.14159");
    different("\\pi", "3.14158");
    different("\\pi", "3.15");
    different("40\\pi", "125.665");
    different("1/3", "0.334");
    different("\\pi", "3.1");
    different("\\sqrt{2}", "1.4");
    different("5", "5.001");
    different("\\frac{9}{8}", "1.12");
    different("\\frac{9}{8}", "1.13");
    different("x + \\sqrt2I", "x + 1.415I");
    different("x + \\sqrt2I", "x + 1.414J");
  }

  @Test
  public void tuplesSetsListsAndIntervals() {
    same("(3, \\frac{\\pi}{2})", "\\left( 3, \\frac{\\pi}{2} \\right)");
    same("\\{1\\pm\\sqrt{5},-2\\}", "\\{-2, 1-\\sqrt{5}, 1+\\sqrt{5}\\}");
    same("1, 2, 3", "3, 1, 2");
    same("{x, x - 1}", "{x - 1, x}");
    same("(-\\infty, 2) \\cup (3, \\infty)", "(3,\\infty)\\cup(-\\infty,2)");
    same("x \\in [0.5, \\infty)", "[1/2, \\infty)");
    same("(3,4]", "(3, 4]");
    different("(1,2)", "(2,1)");
    different("[-3,2]", "(-3,2)");
    different("[1, 2, 3]", "(1, 3, 2)");
    different("(-\\infty, 0]", "(-\\infty, 0)");
    different("\\sqrt{67},-\\sqrt{85}", "\\sqrt{67}");
  }

  @Test
  public void plusMinusEquationsAndMatrices() {
    same("1 \\pm \\sqrt{19}", "1+\\sqrt{19}, 1-\\sqrt{19}");
    same("\\pm 2", "-2, 2");
    same("x = 3", "3");
    same("f(x) = 2x + 3", "y = 2x + 3");
    same("x = 1, y = 2, z = 3", "1, 2, 3");
    same("k \\geqslant 2", "2 \\le k");
    same("5x - 7y + 11z + 4 = 0", "-5x + 7y - 11z - 4 = 0");
    same(
        "\\begin{pmatrix} 1/5 \\\\ -18/5 \\end{pmatrix}",
        "\\begin{bmatrix} 0.2 \\\\ -3.6 \\end{bmatrix}");
    different("5x - 7y + 11z + 4 = 0", "x + y - z + 2 = 0");
    different("\\begin{pmatrix} 1 & 2 \\end{pmatrix}", "\\begin{pmatrix} 2 & 1 \\end{pmatrix}");
  }

  @Test
  public void percentMatchesItsNumberAndItsFraction() {
    same("10\\%", "10");
    same("10\\%", "0.1");
    same("10", "10\\%");
    same("62.5%", "\\frac{5}{8}");
    different("10", "0.1");
    different("10\\%", "0.01");
  }

  @Test
  public void textAndMultipleChoiceAnswers() {
    same("\\text{even}", "Even");
    different("odd", "\\text{oddd}");
    same("E", "\\mathrm{E}");
    same("\\text{(C)}", "\\textbf{(C)}");
    different("E", "\\mathrm{E}*2");
    assertEquals(
        GradeStatus.CORRECT, grader.grade("So \\boxed{(D)} it is", List.of("(D) Alina")).status());
    assertEquals(GradeStatus.INCORRECT, grader.grade("I pick C", List.of("(A) Cecile")).status());
    assertEquals(
        GradeStatus.CORRECT, grader.grade("\\boxed{\\textbf{(C) }12}", List.of("C")).status());
    assertEquals(
        GradeStatus.CORRECT, grader.grade("\\boxed{\\textbf{(C) }12}", List.of("12")).status());
    assertEquals(
        GradeStatus.INCORRECT, grader.grade("\\boxed{\\textbf{(B) }12}", List.of("C")).status());
    assertEquals(
        GradeStatus.INCORRECT, grader.grade("So \\boxed{7}. Not A or C", List.of("C")).status());
  }

  @Test
  public void matchesAnyOfSeveralGoldAnswers() {
    assertEquals(GradeStatus.CORRECT, grader.gradeAnswer("7", List.of("6", "7")).status());
    assertEquals(GradeStatus.INCORRECT, grader.gradeAnswer("8", List.of("6", "7")).status());
  }

  @Test
  public void missingGoldAnswersAreAGraderError() {
    assertEquals(GradeStatus.GRADER_ERROR, grader.gradeAnswer("1", List.of()).status());
  }

  @Test
  public void reportsTheExtractedAnswerAndNoAnswer() {
    GradeResult result =
        grader.grade("<think>hmm</think>Thus \\boxed{\\dfrac{1}{2}}.", List.of("0.5"));
    assertEquals("\\dfrac{1}{2}", result.extractedAnswer());
    assertEquals(GradeStatus.CORRECT, result.status());
    assertEquals(GradeStatus.NO_ANSWER, grader.grade("I have no idea.", List.of("3")).status());
    assertEquals(GradeStatus.NO_ANSWER, grader.gradeAnswer(null, List.of("3")).status());
  }

  @Test
  public void productsOfVariablesWrittenTogetherAreMathematics() {
    same("\\frac{1}{L C s^{2}+R C s+1}", "\\frac{1}{1 + RCs + LCs^2}");
    different("\\frac{1}{L C s^{2}+R C s+1}", "\\frac{1}{1 + RCs + LCs}");
  }
}
