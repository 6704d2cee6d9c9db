package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

public class GraderLimitsTest {
  private final Grader grader = new Grader();

  private GradeResult timed(String answer, String gold) {
    long start = System.nanoTime();
    GradeResult result = grader.gradeAnswer(answer, List.of(gold));
    long millis = (System.nanoTime() - start) / 1_000_000;
    String shown = answer.length() > 40 ? answer.substring(0, 40) + "..." : answer;
    assertTrue(shown + " took " + millis + " ms", millis < 1000);
    return result;
  }

  @Test
  public void towerOfPowersReturnsQuicklyWithoutCorrect() {
    GradeResult result = timed("10^{10^{10}}", "5");
    assertEquals(GradeStatus.GRADER_TIMEOUT, result.status());
    assertNotEquals(GradeStatus.CORRECT, timed("10^{10^{10}}", "10^{10^{10}}+1").status());
    assertNotEquals(GradeStatus.CORRECT, timed("2^{2^{2^{2^{2^{2}}}}}", "7").status());
  }

  @Test
  public void hugeFactorialReturnsQuicklyWithoutCorrect() {
    assertEquals(GradeStatus.GRADER_TIMEOUT, timed("1000000!", "3").status());
    assertEquals(GradeStatus.GRADER_TIMEOUT, timed("1000000!", "999999!").status());
  }

  @Test
  public void identicalHugeExpressionsStillMatchAsStrings() {
    assertEquals(GradeStatus.CORRECT, timed("1000000!", "1000000!").status());
  }

  @Test
  public void exhaustedBudgetIsAGraderTimeoutNotAWrongAnswer() {
    Grader hurried = new Grader(1);
    GradeResult result = hurried.gradeAnswer("\\sqrt{2}+x", List.of("x+1.4142135623730951"));
    assertEquals(GradeStatus.GRADER_TIMEOUT, result.status());
  }

  @Test
  public void deepNestingAndLongAnswersDoNotCrash() {
    String deep = "(".repeat(5000) + "1" + ")".repeat(5000);
    assertEquals(GradeStatus.GRADER_TIMEOUT, timed(deep, "1").status());
    assertNotEquals(GradeStatus.CORRECT, timed("1+".repeat(3000) + "1", "2").status());
  }

  @Test
  public void gradesTheSameInParallel() throws Exception {
    List<String[]> cases =
        List.of(
            new String[] {"(x+1)^2", "x^2+2x+1"},
            new String[] {"\\frac{1}{2}", "0.5"},
            new String[] {"\\frac{1}{2004!}", "\\frac{1}{2006!}"},
            new String[] {"1 \\pm \\sqrt{19}", "1+\\sqrt{19},1-\\sqrt{19}"},
            new String[] {"[1,2)", "[1,2]"},
            new String[] {"10^{10^{10}}", "5"});
    List<GradeStatus> expected = new ArrayList<>();
    for (String[] c : cases) {
      expected.add(grader.gradeAnswer(c[0], List.of(c[1])).status());
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<List<GradeStatus>>> futures = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        futures.add(
            pool.submit(
                () -> {
                  List<GradeStatus> got = new ArrayList<>();
                  for (String[] c : cases) {
                    got.add(grader.gradeAnswer(c[0], List.of(c[1])).status());
                  }
                  return got;
                }));
      }
      for (Future<List<GradeStatus>> f : futures) {
        assertEquals(expected, f.get(30, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(
        List.of(
            GradeStatus.CORRECT,
            GradeStatus.CORRECT,
            GradeStatus.INCORRECT,
            GradeStatus.CORRECT,
            GradeStatus.INCORRECT,
            GradeStatus.GRADER_TIMEOUT),
        expected);
  }
}
