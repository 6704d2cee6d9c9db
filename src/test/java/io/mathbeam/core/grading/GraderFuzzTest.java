package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.Test;

/**
 * Seeded random LaTeX-like input: the grader never throws, never fails and ends in bounded time.
 */
public class GraderFuzzTest {
  /**
   * The default work budget ends any call in a fraction of this on a slow machine; the rest is room
   * for a garbage collection or JIT pause. The work budget is the real bound.
   */
  private static final long MAX_MILLIS = 1000;

  private static final String[] PIECES = {
    "\\frac",
    "{",
    "}",
    "{",
    "}",
    "\\sqrt",
    "^",
    "_",
    "0",
    "1",
    "2",
    "7",
    "9",
    "42",
    ".",
    "+",
    "-",
    "*",
    "/",
    "(",
    ")",
    "[",
    "]",
    "\\left(",
    "\\right)",
    "\\boxed{",
    "\\pi",
    "x",
    "y",
    "i",
    "e",
    ",",
    "=",
    "<",
    "\\le",
    "\\infty",
    "\\cup",
    "\\pm",
    "!",
    "\\begin{pmatrix}",
    "\\end{pmatrix}",
    "&",
    "\\\\",
    "\\text{",
    "and",
    "$",
    " ",
    "10^{10^{",
    "999999",
    "%",
    "\\%",
    "\\sin",
    "\\log",
    "|",
    "\\{",
    "\\}",
    "\\cdot",
    "A",
    "(B)",
    "</think>",
    "The answer is ",
    ":",
    "_2",
    "e+99",
    "\u03c0",
    "\u221a",
    "\t",
    "\\",
    "\\dfrac",
    "\\mathrm{",
    "cm",
    "^\\circ",
    "1,000",
    "\\approx"
  };

  private final Grader grader = new Grader();

  static String randomLatex(SplittableRandom random, int pieces) {
    StringBuilder out = new StringBuilder();
    for (int k = 0; k < pieces; k++) {
      out.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return out.toString();
  }

  private GradeResult timedGrade(String response, String gold, boolean whole) {
    long start = System.nanoTime();
    GradeResult result =
        whole ? grader.grade(response, List.of(gold)) : grader.gradeAnswer(response, List.of(gold));
    long millis = (System.nanoTime() - start) / 1_000_000;
    String shown = response.length() > 80 ? response.substring(0, 80) + "..." : response;
    assertNotNull(result);
    assertNotNull(result.status());
    assertTrue(shown + " took " + millis + " ms", millis <= MAX_MILLIS);
    String boxed = Boxes.last(gold);
    if (!AnswerNormalizer.normalize(boxed == null ? gold : boxed).isEmpty()) {
      // GRADER_ERROR is only for a gold that normalizes to nothing (like a missing gold).
      assertNotEquals(shown + " vs " + gold, GradeStatus.GRADER_ERROR, result.status());
    }
    return result;
  }

  @Test
  public void randomStringsNeverThrowAndKeepTheBudget() {
    SplittableRandom random = new SplittableRandom(20240611L);
    for (int n = 0; n < 3000; n++) {
      String answer = randomLatex(random, 1 + random.nextInt(12));
      String gold = randomLatex(random, 1 + random.nextInt(8));
      timedGrade(answer, gold, n % 2 == 0);
    }
  }

  /** Inputs built to be slow: deep nesting, huge powers and factorials, long lists. */
  static List<String> pathologicalShapes() {
    SplittableRandom random = new SplittableRandom(7L);
    return List.of(
        "{".repeat(20_000),
        "(".repeat(3000) + "1" + ")".repeat(3000),
        "\\frac{".repeat(500) + "1" + "}{2}".repeat(500),
        "\\sqrt{".repeat(200) + "2" + "}".repeat(200),
        "2^{".repeat(60) + "9" + "}".repeat(60),
        "9!".repeat(50),
        "x^{x^{x^{x^{x^{x^{x}}}}}}",
        "\\boxed{" + "1+".repeat(5000) + "1}",
        randomLatex(random, 5000),
        "$".repeat(3000) + "1",
        "\\begin{pmatrix}" + "1&".repeat(2000) + "1\\end{pmatrix}",
        "1,".repeat(3000) + "1",
        "(1,2)\\cup".repeat(500) + "(3,4)",
        "\\pm 1".repeat(40));
  }

  @Test
  public void pathologicalShapesKeepTheBudget() {
    for (String input : pathologicalShapes()) {
      timedGrade(input, "1", false);
      timedGrade(input, input + "+1", false);
      timedGrade("Thus " + input + ". The answer is $" + input + "$.", "2", true);
    }
  }

  @Test
  public void randomStringWithoutBoxEqualsItself() {
    SplittableRandom random = new SplittableRandom(99L);
    for (int n = 0; n < 1000; n++) {
      String s = randomLatex(random, 1 + random.nextInt(10));
      GradeStatus status = timedGrade(s, s, false).status();
      // A gold with a box is graded against its last box and a gold naming a choice letter
      // against that letter, so only the other strings must match themselves.
      if (!AnswerNormalizer.normalize(s).isEmpty()
          && !s.contains("\\boxed")
          && ChoiceLetters.fromGold(s) == null) {
        assertEquals(s, GradeStatus.CORRECT, status);
      }
    }
  }

  /** A well-formed expression with small values, so that E + 1 is never within tolerance of E. */
  private static String expression(SplittableRandom random, int depth) {
    if (depth == 0 || random.nextInt(3) == 0) {
      return switch (random.nextInt(4)) {
        case 0 -> "x";
        case 1 -> "\\pi";
        default -> Integer.toString(1 + random.nextInt(9));
      };
    }
    String a = expression(random, depth - 1);
    String b = expression(random, depth - 1);
    return switch (random.nextInt(6)) {
      case 0 -> a + "+" + b;
      case 1 -> a + "-" + b;
      case 2 -> "(" + a + ")(" + b + ")";
      case 3 -> "\\frac{" + a + "}{" + b + "}";
      case 4 -> "\\sqrt{" + a + "}";
      default -> "(" + a + ")^{2}";
    };
  }

  @Test
  public void expressionPlusOneIsNeverCorrect() {
    SplittableRandom random = new SplittableRandom(31L);
    for (int n = 0; n < 1000; n++) {
      String e = expression(random, 3);
      assertNotEquals(e, GradeStatus.CORRECT, timedGrade("(" + e + ")+1", e, false).status());
      assertNotEquals(e, GradeStatus.CORRECT, timedGrade(e + "-1", e, false).status());
    }
  }
}
