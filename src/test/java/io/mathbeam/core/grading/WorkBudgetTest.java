package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import io.mathbeam.core.model.GradeStatus;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.Test;

/** The work budget: counted, repeatable, and what stops pathological inputs. */
public class WorkBudgetTest {
  private final Grader grader = new Grader();

  /** A bare list of {@code values}. */
  private static String numbers(IntStream values) {
    return values.mapToObj(Integer::toString).collect(Collectors.joining(","));
  }

  @Test
  public void chargingPastTheLimitThrowsAndKeepsThrowing() {
    WorkBudget budget = new WorkBudget(10, Duration.ofSeconds(10).toNanos());
    budget.charge(10);
    budget.check();
    assertFalse(budget.exhausted());
    try {
      budget.charge(1);
      fail("the eleventh unit was granted");
    } catch (GradingLimitException expected) {
      assertTrue(expected.getMessage(), expected.getMessage().contains("work budget"));
    }
    assertTrue(budget.exhausted());
    assertEquals(11, budget.used());
    try {
      budget.check();
      fail("a spent budget passed its check");
    } catch (GradingLimitException expected) {
      assertFalse(budget.wallGuardTripped());
    }
  }

  @Test
  public void theSameInputChargesTheSameWorkEveryTime() {
    List<String[]> cases =
        List.of(
            new String[] {"(x+1)^2", "x^2+2x+1"},
            new String[] {"\\frac{1}{2004!}", "\\frac{1}{2006!}"},
            new String[] {"1 \\pm \\sqrt{19}", "1+\\sqrt{19},1-\\sqrt{19}"},
            new String[] {"x + 1.414y", "x+\\sqrt{2}y"},
            new String[] {"\\sin(x)^2+\\cos(x)^2", "1"},
            new String[] {"\\binom{40}{20}", "137846528820"},
            new String[] {"(1,2]\\cup(3,\\infty)", "x>3 \\text{ or } 1<x\\le2"});
    for (String[] c : cases) {
      List<Long> work = new ArrayList<>();
      List<GradeStatus> statuses = new ArrayList<>();
      for (int run = 0; run < 5; run++) {
        Grader fresh = run % 2 == 0 ? grader : new Grader();
        WorkBudget budget = fresh.newBudget();
        statuses.add(fresh.gradeAnswer(c[0], List.of(c[1]), budget).status());
        work.add(budget.used());
      }
      assertTrue(c[0] + " took no work", work.get(0) > 0);
      assertEquals(
          c[0], List.of(work.get(0), work.get(0), work.get(0), work.get(0)), work.subList(1, 5));
      assertEquals(c[0], 1, statuses.stream().distinct().count());
    }
  }

  @Test
  public void manyComparisonsRunOutOfWorkNotTime() {
    // 900 distinct numbers against the same numbers reversed and one changed: about 400,000
    // comparisons of two numbers before the mismatch shows.
    String answer = numbers(IntStream.rangeClosed(1, 900));
    String gold = numbers(IntStream.rangeClosed(1, 900).map(i -> i == 1 ? 1000 : 901 - i));
    assertRunsOutOfWork(answer, gold);
  }

  @Test
  public void hugeFractionsRunOutOfWorkBeforeTheirGcd() {
    // Reducing this fraction takes a gcd of two 60,000-bit numbers, about a tenth of a second:
    // it is priced, and refused, before it starts.
    assertRunsOutOfWork("\\frac{3^{40000}+1}{2^{60000}+1}", "\\frac{3^{40000}+2}{2^{60000}+1}");
  }

  private void assertRunsOutOfWork(String answer, String gold) {
    WorkBudget budget = grader.newBudget();
    long start = System.nanoTime();
    GradeResult result = grader.gradeAnswer(answer, List.of(gold), budget);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(GradeStatus.GRADER_TIMEOUT, result.status());
    assertTrue("used " + budget.used(), budget.exhausted());
    assertFalse("the wall guard, not the work count, stopped it", budget.wallGuardTripped());
    // The default budget is about 100 ms of work; the wall guard is 10 s.
    assertTrue("took " + millis + " ms", millis < 2000);
  }

  @Test
  public void aTrippedWallGuardIsAGraderTimeoutToo() {
    Grader hurried = new Grader().withWallGuard(Duration.ofNanos(1));
    WorkBudget budget = hurried.newBudget();
    GradeResult result =
        hurried.gradeAnswer(
            numbers(IntStream.rangeClosed(1, 100)),
            List.of(numbers(IntStream.rangeClosed(1, 100).map(i -> 101 - i))),
            budget);
    assertEquals(GradeStatus.GRADER_TIMEOUT, result.status());
    assertTrue(budget.wallGuardTripped());
    assertFalse(budget.exhausted());
  }

  @Test
  public void bigNumberArithmeticCostsByTheSizeOfItsOperands() {
    Rational small = Rational.of(12345);
    Rational big = Rational.of(BigInteger.ONE.shiftLeft(10_000).add(BigInteger.ONE));
    Rational huge = Rational.of(BigInteger.ONE.shiftLeft(100_000).add(BigInteger.ONE));
    assertTrue(ArithmeticCost.product(small, small) < ArithmeticCost.product(big, big));
    // schoolbook: ten times the words, about a hundred times the work
    long ratio = ArithmeticCost.product(huge, huge) / ArithmeticCost.product(big, big);
    assertTrue("ratio " + ratio, ratio > 50 && ratio < 200);
    // a quotient of two big integers is a fraction that a gcd must reduce; their product is not
    Rational other = Rational.of(3).add(big);
    assertTrue(ArithmeticCost.quotient(big, other) > 10 * ArithmeticCost.product(big, other));
    assertTrue(
        ArithmeticCost.power(Rational.of(3), 100_000) > 100 * ArithmeticCost.power(small, 100));
  }
}
