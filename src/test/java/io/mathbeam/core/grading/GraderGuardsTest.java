package io.mathbeam.core.grading;

import static io.mathbeam.core.grading.Verdicts.different;
import static io.mathbeam.core.grading.Verdicts.same;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

/** Wrong answers that sit next to a permissive rule, each with the control the rule accepts. */
public class GraderGuardsTest {
  private final Grader grader = new Grader();

  @Test
  public void wordsThatChangeANumberAreNotUnits() {
    different("3", "3 \\text{ squared}");
    different("2", "2 \\text{ dozen}");
    different("3", "3 \\text{ factorial}");
    same("2000000", "2 \\text{ million}");
    different("2", "2 \\text{ million}");
    same("12", "12 \\text{ apples}");
  }

  @Test
  public void differentUnitsAreDifferentQuantities() {
    different("5 \\text{ cm}", "5 \\text{ m}");
    different("60^\\circ", "60 \\text{ rad}");
    different("\\frac{\\pi}{3}", "\\frac{\\pi}{3} \\text{ degrees}");
    same("5 \\text{ cm}", "5 centimeters");
    same("60^\\circ", "\\frac{\\pi}{3}");
  }

  @Test
  public void decimalsStandForExactValuesOnlyWithEnoughDigits() {
    different("2.71", "e");
    different("2.718", "e");
    same("2.7778e-6", "\\frac{1}{360000}");
    same("e", "2.718");
    different("e", "2.71");
    same("\\frac{1}{3}", "33.33\\%");
    different("\\frac{100}{3}", "33.3");
  }

  @Test
  public void pointsWithMixedSignsAndBetweenIntegers() {
    different("|a+b|", "|a|+|b|");
    different("\\lfloor x \\rfloor", "\\lceil x \\rceil");
    same("\\lfloor \\frac{n}{2} \\rfloor", "\\lceil \\frac{n-1}{2} \\rceil");
    same("0", "1+i+i^2+i^3");
    same("0", "\\sin \\pi");
  }

  @Test
  public void complexAndMatrixNotations() {
    same("1+i\\sqrt{3}", "2\\operatorname{cis}\\frac{\\pi}{3}");
    same("3-4i", "\\overline{3+4i}");
    same("-2", "\\det\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}");
    same("120", "\\mathrm{C}_{10}^{3}");
    same("f(x)=1", "f(x) \\equiv 1");
    same(
        "\\begin{pmatrix} 1&2\\\\3&4\\end{pmatrix}",
        "\\begin{pmatrix}1 & 2\\\\ 3 & 4\\\\\\end{pmatrix}");
  }

  @Test
  public void aListIsNotADecimalWithAComma() {
    different("2.3", "2, 3");
    same("3.75", "3,75");
  }

  @Test
  public void equationsStillToSolveAreNotTheirRightSide() {
    different("5", "\\sqrt{x} = 5");
    different("P(A) = 0.3", "P(B) = 0.3");
    same("P(A) = 0.3", "0.3");
    different("(2, 3)", "x = 2, x = 3");
    same("2, 3", "x = 2, x = 3");
  }

  @Test
  public void setsNarrowedByTheirDomainOrToNothing() {
    // Integers greater than 2 are not the interval (the set is left unread: unparseable).
    assertNotEquals(
        GradeStatus.CORRECT,
        grader
            .gradeAnswer("\\{x \\in \\mathbb{Z} \\mid x > 2\\}", List.of("(2, \\infty)"))
            .status());
    same("(2, \\infty)", "\\{x \\in \\mathbb{R} \\mid x > 2\\}");
    same("\\emptyset", "x < 3 \\text{ and } x > 5");
    same("-\\infty", "\\text{negative infinity}");
  }

  @Test
  public void wordsWrappedInTextAreNotProducts() {
    different("\\text{no}", "on");
    same("\\text{No}", "no");
  }

  @Test
  public void derivativesKeepTheirVariable() {
    different("\\frac{dy}{dx}", "\\frac{dy}{dt}");
    same("\\frac{d^2 x}{dt^2}", "\\ddot{x}");
  }

  @Test
  public void aRejectedBoxIsNotAPartOfTheAnswer() {
    String response =
        "(a) Counting gives $\\boxed{3}$.\n\n(b) Counting gives $\\boxed{4}$.\n\n"
            + "Let me double-check (b): I missed two cases, so (b) is $\\boxed{6}$.";
    assertEquals(GradeStatus.INCORRECT, grader.grade(response, List.of("4, 6")).status());
  }

  @Test
  public void llamaTurnMarkersEndTheResponse() {
    String response =
        "So the answer is $\\boxed{12}$. [/INST] [INST] What is 4*5? [/INST] $\\boxed{20}$";
    assertEquals(GradeStatus.INCORRECT, grader.grade(response, List.of("20")).status());
    assertEquals(GradeStatus.CORRECT, grader.grade(response, List.of("12")).status());
  }
}
