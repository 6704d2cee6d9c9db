package io.mathbeam.core.grading;

import static io.mathbeam.core.grading.Verdicts.different;
import static io.mathbeam.core.grading.Verdicts.same;
import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

/** The answer structures of the grading issue: each with a match and a near miss. */
public class GraderStructuresTest {
  private final Grader grader = new Grader();

  @Test
  public void inequalitiesMatchTheIntervalsTheyDescribe() {
    same("(3,\\infty)", "x>3");
    same("(3, \\infty)", "3 < x");
    same("[3,\\infty)", "x \\geq 3");
    same("(-\\infty, 2]", "x \\le 2");
    same("(1, 2]", "1 < x \\le 2");
    same("x > 3", "(3, \\infty)");
    different("(3,\\infty)", "x \\ge 3");
    different("(3,\\infty)", "x < 3");
    different("(1, 2]", "1 \\le x \\le 2");
  }

  @Test
  public void equationsCompareBothSides() {
    same("3", "x=3");
    same("x = 3", "3");
    same("y = 2x + 1", "2x + 1 = y");
    same("y=2x+1", "y = 1 + 2x");
    different("y = 2x + 1", "y = 2x - 1");
    different("x = 3", "x = -3");
  }

  @Test
  public void matricesAndVectors() {
    String matrix = "\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}";
    same(matrix, "\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}");
    same("\\begin{pmatrix} 1/2 \\\\ -3 \\end{pmatrix}", "(0.5, -3)");
    same("\\begin{matrix} \\frac12 \\\\ 1 \\end{matrix}", "[0.5, 1]");
    different(matrix, "\\begin{pmatrix}1&3\\\\2&4\\end{pmatrix}");
    different("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "(2, 1)");
    different("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "\\{1, 2\\}");
  }

  @Test
  public void complexNumbers() {
    same("3+4i", "4i+3");
    same("3+4i", "(1+2i)^2 + 6");
    same("\\frac{1}{2} - \\frac{\\sqrt{3}}{2} i", "0.5 - \\frac{\\sqrt3 i}{2}");
    different("3+4i", "3-4i");
    different("3+4i", "(3, 4)");
  }

  @Test
  public void baseSubscripts() {
    same("1010_2", "1010_{2}");
    same("1010_2", "1010");
    same("4210_{7}", "4210_7");
    same("1A_{16}", "1a_{16}");
    different("1010_2", "10");
    different("1010_2", "1010_3");
    different("1010_2", "1011");
  }

  @Test
  public void plusMinusAnswers() {
    same("\\pm 2", "2, -2");
    same("3 \\pm \\sqrt{5}", "3-\\sqrt5, 3+\\sqrt5");
    different("\\pm 2", "2");
    different("3 \\pm \\sqrt{5}", "3+\\sqrt5");
  }

  @Test
  public void setsListsAndTuples() {
    same("\\{1, 2, 3\\}", "\\{3, 2, 1\\}");
    same("\\{1, 2\\}", "2, 1");
    same("1, 2", "2, 1");
    same("(1, 2)", "(1, 2)");
    different("(1, 2)", "(2, 1)");
    different("\\{1, 2\\}", "(1, 2)");
    different("1, 2, 3", "1, 2");
  }

  @Test
  public void unionsOfIntervals() {
    same("(-\\infty, -1) \\cup (1, \\infty)", "(1,\\infty) \\cup (-\\infty,-1)");
    same("[0, 1) \\cup (2, 3]", "[0,1)\\cup(2,3]");
    different("(-\\infty, -1) \\cup (1, \\infty)", "(-\\infty, -1] \\cup (1, \\infty)");
    different("(-\\infty, -1) \\cup (1, \\infty)", "(-\\infty, \\infty)");
  }

  @Test
  public void thousandsSeparatorsAndPairs() {
    same("1,234", "1234");
    same("1,234", "(1,234)");
    same("1234", "1,234");
    different("1234", "(1,234)");
    different("1, 234", "1234");
  }

  @Test
  public void clockTimes() {
    same("20:34", "20:34:00");
    same("20:34", "08:34 \\text{P.M.}");
    same("8:05 a.m.", "08:05");
    different("20:34", "08:34 \\text{A.M.}");
    different("20:34", "20:35");
  }

  @Test
  public void multipleChoiceLetters() {
    assertEquals(
        GradeStatus.CORRECT, grader.grade("So \\boxed{\\textbf{(B)}}", List.of("B")).status());
    assertEquals(GradeStatus.CORRECT, grader.grade("The answer is (B).", List.of("(B)")).status());
    assertEquals(
        GradeStatus.INCORRECT, grader.grade("So \\boxed{\\textbf{(C)}}", List.of("B")).status());
  }

  @Test
  public void severalBoxesJoinedByAndAreOneListAnswer() {
    assertEquals(
        GradeStatus.CORRECT,
        grader.grade("So $x=\\boxed{2}$ and $x=\\boxed{3}$.", List.of("2, 3")).status());
    assertEquals(
        GradeStatus.CORRECT,
        grader.grade("\\boxed{1}, thus but later \\boxed{3}", List.of("3")).status());
    assertEquals(GradeStatus.CORRECT, grader.grade("\\boxed{5} \\boxed{5}", List.of("5")).status());
  }

  @Test
  public void matrixFormsOfTheSameMatrix() {
    same("\\begin{vmatrix}1&2\\\\3&4\\end{vmatrix}", "-2");
    different("\\begin{vmatrix}1&2\\\\3&4\\end{vmatrix}", "2");
    same(
        "\\begin{pmatrix} -1 & 0 \\\\ 0 & -1 \\end{pmatrix}",
        "-\\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix}");
    same(
        "\\begin{pmatrix} -1/3 \\\\ 2/3 \\end{pmatrix}",
        "\\frac{1}{3}\\begin{pmatrix} -1 \\\\ 2 \\end{pmatrix}");
    different(
        "\\begin{pmatrix} -1/3 \\\\ 2/3 \\end{pmatrix}",
        "\\frac{1}{2}\\begin{pmatrix} -1 \\\\ 2 \\end{pmatrix}");
    same("\\begin{pmatrix} -2 \\\\ -14 \\end{pmatrix}", "\\begin{pmatrix} -2 & -14 \\end{pmatrix}");
    same(
        "\\begin{pmatrix} 1/5 \\\\ -18/5 \\end{pmatrix}",
        "\\left\\langle \\frac15, -\\frac{18}{5} \\right\\rangle");
  }
}
