package io.mathbeam.core.grading;

import static io.mathbeam.core.grading.Verdicts.different;
import static io.mathbeam.core.grading.Verdicts.same;
import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

/** Labelled answers, equations, inequalities as sets, and lists of solutions. */
public class GraderRelationsTest {
  private final Grader grader = new Grader();

  @Test
  public void aLabelOnOneSideOnlyIsDropped() {
    same("5", "x = 5");
    same("x=5", "5");
    same("(3,2)", "(p,q) = (3,2)");
    same("4, 5", "AB = 4, CD = 5");
    same("11:21", "V_1 : V_2 = 11:21");
    same("\\frac{\\sqrt6}{6}", "\\frac{NO}{BO} = \\frac{1}{\\sqrt6}");
    same("2x+1", "f(x) = 2x+1");
    different("6", "x = 5");
    different("(2,3)", "(p,q) = (3,2)");
    different("5", "2x = 5");
    different("2", "x^2 = 4");
    same("5", "x + y = 5");
  }

  @Test
  public void aDifferentialEquationMatchesItsMultipleByAConstantOfTheEquation() {
    same("x^{\\prime}+\\frac{r}{V} x-r c=0", "V x' + r x - rVc = 0");
    same("m \\frac{d v}{d t}+b v=f", "\\frac{dv}{dt} = \\frac{f - bv}{m}");
    same(
        "\\frac{d^{2} v_{o}}{d t^{2}}+\\frac{v_{o}}{L C}=\\frac{v_{i}}{L C}",
        "LC \\ddot{v}_o + v_o = v_i");
    // a factor with the unknown function or its derivative in it is not a constant
    different("x' + x = 0", "x x' + x^2 = 0");
    different("x' = 2x", "x' = 3x");
    // without a derivative, only a number may scale an equation
    different("x - 1 = 0", "x(x-1) = 0");
    different("y = 2x", "a y = 2 a x + a");
  }

  @Test
  public void aLabelWithItsExtremumSubscriptNamesTheBareLabel() {
    same("m_{\\max }=n^{2}-n-1", "m = n^2-n-1");
    same("S = 12", "S_{\\min} = 12");
    different("S_{\\max} = 12", "S_{\\min} = 12");
    different("S_{\\max} = 12", "S = 13");
    different("a_{1} = 4", "a = 4");
  }

  @Test
  public void aVariableRightBeforeAHalfOpenIntervalIsItsRange() {
    same("t(0,4]", "(0,4]");
    same("t(0,4]", "0 < t \\le 4");
    different("t(0,4]", "(0,4)");
    // matching brackets are a function's value or a product, not a range
    different("f(0,4)", "(0,4)");
  }

  @Test
  public void lettersSideBySideWithACapitalAfterASmallOneAreAProduct() throws Exception {
    assertEquals(
        AnswerParser.parse("r V c"), AnswerParser.parse(AnswerNormalizer.normalize("rVc")));
    assertEquals(Expr.Text.class, AnswerParser.parse("The answer").getClass());
  }

  @Test
  public void aGoldListOfLabelledValuesIsTheValuesInOrder() {
    same("\\angle B E A_{1}=90,\\angle A E B_{1}=90", "90^\\circ, 90^\\circ");
    same("AB = 4, CD = 5", "4, 5");
    different("AB = 4, CD = 5", "5, 4");
  }

  @Test
  public void aGoldEquationIsNotReadAsItsRightSide() {
    different("x + y = 5", "5");
    different("2x + 3y = 6", "6");
  }

  @Test
  public void labelsOnBothSidesMustName() {
    different("x = 5", "y = 5");
    same("y = 2x + 3", "f(x) = 2x + 3");
    same("x = 5", "5 = x");
  }

  @Test
  public void chainedEqualitiesKeepTheirEnds() {
    same("11", "x = 5+5+1 = 11");
    same("3.14", "\\approx 3.14");
    different("12", "x = 5+5+1 = 11");
  }

  @Test
  public void notEqualIsOneSymbol() {
    same("x \\ne 3", "x \\neq 3");
    same("x \\ne 3", "x != 3");
    same("x \\ne 3", "x \u2260 3");
    different("x \\ne 3", "x \\ne 4");
  }

  @Test
  public void equationsMatchUpToRearrangementAndAFactor() {
    same("y = -\\frac{x}{2} + \\frac34", "2x + 4y - 3 = 0");
    same("x^2 + y^2 = 25", "2x^2 + 2y^2 = 50");
    same("3x - 6y = 12", "x - 2y = 4");
    different("y = 2x", "x = 2y");
    different("x + y = 1", "x + y = 2");
    different("x^2 + y^2 = 25", "x^2 + y^2 = 5");
  }

  @Test
  public void inequalitiesAreTheSetsTheyDescribe() {
    same("x < 1", "-x > -1");
    same("[-2, 7]", "-2 \\le x \\le 7");
    same("[-2, 7]", "x \\in [-2, 7]");
    same("(0,1)", "0 < f(x) < 1");
    same("[-\\tfrac32,-1] \\cup [1,\\tfrac32]", "1 \\le |z| \\le \\tfrac32");
    same("(-3, 3)", "|x| < 3");
    same("(-\\infty, 3) \\cup (5, \\infty)", "x < 3 \\text{ or } x > 5");
    same("[1, 3]", "2 \\le 2x \\le 6");
    same("(-\\infty, \\infty)", "\\mathbb{R}");
    different("x < 1", "x > 1");
    different("[-2, 7]", "-2 \\le x < 7");
    different("(0,1)", "0 \\le f(x) < 1");
    different("[-\\tfrac32,-1] \\cup [1,\\tfrac32]", "1 \\le z \\le \\tfrac32");
  }

  @Test
  public void setDifferencesAndExcludedPointsAreUnions() {
    same("(0,9) \\cup (9,36)", "(0, 36) \\setminus \\{9\\}");
    same("(-\\infty, 2) \\cup (3, \\infty)", "\\mathbb{R} \\setminus [2,3]");
    same("(-\\infty,3)\\cup(3,\\infty)", "x \\neq 3");
    same("(-\\infty,3)\\cup(3,\\infty)", "\\mathbb{R} - \\{3\\}");
    same("[-2, 7]", "x \\geq -2 \\text{ and } x \\leq 7");
    different("(0,9) \\cup (9,36)", "(0, 36) \\setminus \\{8\\}");
    different("(-\\infty, 2) \\cup (3, \\infty)", "\\mathbb{R} \\setminus (2,3)");
    different("(-\\infty, 3) \\cup (5, \\infty)", "x < 3 \\text{ and } x > 5");
  }

  @Test
  public void theSameSetOfAnotherUnknownDiffers() {
    different("x \\ne 3", "y \\ne 3");
    different("x < 3", "y < 3");
    same("x < 3", "-x > -3");
  }

  @Test
  public void emptySetsAreOneAnswer() {
    same("\\emptyset", "\\varnothing");
    same("\\emptyset", "\\{\\}");
    different("\\emptyset", "\\{0\\}");
  }

  @Test
  public void solutionListsIgnoreOrderRepetitionAndSeparators() {
    same("(7,11), (11,7)", "(11,7) or (7,11)");
    same("(5,2), (7,2)", "p=5, q=2; p=7, q=2");
    same("11, 16, 21", "21, 16 \\text{ or } 11");
    same("-3, 2", "x = 2 \\text{ or } x = -3");
    same("1, 2, 3", "\\{3, 2, 1\\}");
    same("2, 3", "2, 3, 3");
    different("(7,11), (11,7)", "(7,11)");
    different("11, 16, 21", "11, 16, 21, 26");
    different("(2,3)", "(3,2)");
    different("(5,2), (7,2)", "p=5, q=2; p=2, q=7");
  }

  @Test
  public void textAnswersIgnoreCaseFormattingAndPunctuation() {
    same("\\text{odd}", "\\textbf{Odd}");
    same("Tuesday", "\\text{Tuesday.}");
    different("odd", "$Even$");
  }

  @Test
  public void partsBoxedOneByOneMakeTheListTheGoldNames() {
    assertEquals(
        GradeStatus.CORRECT,
        grader
            .grade("(1) $2^2 = \\boxed{4}$.\n\n(2) $3^2 = \\boxed{9}$.", List.of("4, 9"))
            .status());
    assertEquals(
        GradeStatus.CORRECT,
        grader
            .grade("So $x = \\boxed{2}$ and then $y = \\boxed{-1}$.", List.of("(2,-1)"))
            .status());
    assertEquals(
        GradeStatus.INCORRECT,
        grader.grade("(1) \\boxed{4}.\n\n(2) \\boxed{8}.", List.of("4, 9")).status());
  }
}
