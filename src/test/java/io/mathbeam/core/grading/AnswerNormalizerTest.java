package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class AnswerNormalizerTest {

  private static void normalizes(String expected, String input) {
    assertEquals(input, expected, AnswerNormalizer.normalize(input));
  }

  @Test
  public void dropsSizingSpacingAndDollars() {
    normalizes("(x-2)(x+2)", "\\left(x-2\\right)\\left(x+2\\right)");
    normalizes("\\frac{1}{2}", "$\\dfrac{1}{2}$");
    normalizes("\\frac{2}{3}", "\\tfrac23");
    normalizes("10", "\\$10");
    normalizes("\\frac{1}{2}", "\\!\\frac{1}{2}\\,.");
  }

  @Test
  public void unwrapsTextAndDropsTrailingAnnotations() {
    normalizes("E", "\\mathrm{E}");
    normalizes("B", "\\text{(B)}");
    normalizes("C", "\\textbf{(C)}");
    normalizes("17", "17\\text{ any text}");
    normalizes("5.4", "5.4 \\text{ cents}");
    normalizes("even", "\\text{even}");
  }

  @Test
  public void dropsUnitWordsButNotVariables() {
    normalizes("10", "10 square units");
    normalizes("10", "10\\text{ cm}^2");
    normalizes("10", "10weeks");
    normalizes("864", "864 \\mbox{ inches}^2");
    normalizes("10cm", "10cm");
    normalizes("6m", "6m");
    normalizes("2 n", "2 n");
  }

  @Test
  public void dropsDegreesExceptInsideTrigonometry() {
    normalizes("30", "30^\\circ");
    normalizes("18.8", "18.8^{\\circ}");
    normalizes("\\sin(90^\\circ-x)", "\\sin(90^{\\circ}-x)");
  }

  @Test
  public void dropsPercentSignsAndReportsThem() {
    normalizes("10", "10\\%");
    normalizes("17.5", "17.5%");
    assertTrue(AnswerNormalizer.hasPercent("10\\%"));
    assertFalse(AnswerNormalizer.hasPercent("10"));
  }

  @Test
  public void removesThousandsSeparatorsButNotTupleCommas() {
    normalizes("1000", "1,000");
    normalizes("11111111100", "11,\\! 111,\\! 111,\\! 100");
    normalizes("32348", "\\$32,\\!348");
    normalizes("(1,2)", "(1,2)");
    normalizes("1,2", "1, 2");
    normalizes("221,8", "221,8");
  }

  @Test
  public void rewritesNumbersToCanonicalForms() {
    normalizes("25", "025");
    normalizes("\\frac{1837}{2}", "918\\frac{1}{2}");
    normalizes("\\frac{3}{2}", "1 1/2");
    normalizes("\\frac{275}{2}", "137 \\frac{1}{2}");
    normalizes("0.5", "0.5");
  }

  @Test
  public void repairsEscapingAccidents() {
    normalizes("\\frac{2}{3}+\\frac{1}{72}", "\\\\dfrac{2}{3} +\\frac{1}{72}");
    normalizes("(\\frac{3}{2},-\\frac{5}{2})", "\\left(\tfrac32, -\\tfrac52\\right)");
    normalizes("185", "185\\");
  }

  @Test
  public void dropsElementOfAndApproximations() {
    normalizes("[-2,7]", "x \\in [-2,7]");
    normalizes("\\frac{\\sqrt{3}}{3}", "\\frac{\\sqrt{3}}{3} \\approx 0.577");
    normalizes("7,-2,-5", "7, -2, \\text{ and } -5");
  }

  @Test
  public void readsThousandsSeparatorsOfEveryKind() {
    normalizes("12345", "12{,}345");
    normalizes("32348", "32,\\!348");
    normalizes("1000000", "1 000 000");
    normalizes("1000", "1\\,000");
    normalizes("1000", "1~000");
    normalizes("1000", "1\u2009000");
    normalizes("1,2", "1, 2");
  }

  @Test
  public void dropsCurrencyAndPercentWords() {
    normalizes("2,74", "2,74 \u20ac");
    normalizes("12", "\u00a312");
    normalizes("28", "28 pct");
    normalizes("28", "28 percent");
    normalizes("28", "28\\%");
    normalizes("4", "4 \\textnormal{ miles}");
    assertTrue(AnswerNormalizer.hasPercent("28 pct"));
    assertTrue(AnswerNormalizer.hasPercent("28 per cent"));
    assertFalse(AnswerNormalizer.hasPercent("perimeter 28"));
  }

  @Test
  public void writesRelationsAndEmptySetsOneWay() {
    normalizes("x\\ne 3", "x != 3");
    normalizes("x\\ne 3", "x \u2260 3");
    normalizes("\\emptyset", "\\varnothing");
    normalizes("\\emptyset", "\\{\\}");
    normalizes("3.14", "\\approx 3.14");
    normalizes("3.14", "x \\approx 3.14");
    normalizes("2\\pi", "2\\pi \\approx 6.28");
  }

  @Test
  public void turnsOrAndAndBetweenSolutionsIntoCommas() {
    normalizes("21,16,11", "21, 16 \\text{ or } 11");
    normalizes("(11,7),(7,11)", "(11,7) or (7,11)");
  }

  @Test
  public void dropsShortUnitsAfterAVariableAndNegativeUnitPowers() {
    normalizes("7.6Z", "7.6Z \\text{ eV}");
    normalizes("4.5\\times 10^{33}", "4.5 \\times 10^{33} \\text{ erg s}^{-1}");
  }

  @Test
  public void dropsACountedNounButNotAWordThatChangesTheValue() {
    normalizes("3", "3 bolts");
    normalizes("2000000", "2 million");
    normalizes("3 squared", "3 squared");
    normalizes("2 dozen", "2 dozen");
    normalizes("3 quarters", "3 quarters");
  }
}
