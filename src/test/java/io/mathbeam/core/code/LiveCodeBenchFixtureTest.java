package io.mathbeam.core.code;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import java.time.Duration;
import java.util.Map;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

public class LiveCodeBenchFixtureTest {
  private static Sandbox sandbox;
  private static CodeGrader grader;
  private static Map<String, Problem> problems;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
    grader = new CodeGrader(sandbox).withTestTimeout(Duration.ofSeconds(2));
    problems = CodeFixtures.liveCodeBenchProblems();
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  private static CodeOutcome grade(String id, String which) {
    CodeTask task = problems.get(id).code();
    return grader.grade(task, CodeFixtures.fenced(CodeFixtures.solution(id, which)));
  }

  @Test
  public void everyCorrectSolutionPassesAllPublicAndPrivateTests() {
    assertEquals(5, problems.size());
    for (String id : problems.keySet()) {
      CodeOutcome outcome = grade(id, "correct");
      assertTrue(id + ": " + outcome, outcome.passed());
      assertEquals(id, problems.get(id).code().tests().size(), outcome.testsPassed());
      assertEquals("", outcome.firstFailure());
    }
  }

  @Test
  public void wrongStdinAnswerNamesInputExpectedAndGot() {
    CodeOutcome outcome = grade("pair-sums", "wrong");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertEquals(1, outcome.testsPassed());
    assertEquals(4, outcome.testsTotal());
    assertEquals(
        "test 2/4 wrong answer: input: '1\\n-5 5\\n' / expected: '0\\n' / got: '10\\n'",
        outcome.firstFailure());
  }

  @Test
  public void wrongFunctionalAnswerFailsOnACompressedPrivateTest() {
    CodeOutcome outcome = grade("max-subarray", "wrong");
    assertEquals(ExecutionStatus.ERROR, outcome.execution());
    assertEquals(3, outcome.testsPassed());
    assertEquals(
        "test 4/5 wrong answer: input: '[-3,-1,-2]' / expected: '-1' / got: '0'",
        outcome.firstFailure());
  }

  @Test
  public void wrongAnswersOfTheOtherFixturesFailWhereExpected() {
    assertFailure(
        "pair-with-sum", 1, "test 2/3 wrong answer: input: '[3,2,4]\\n6'", "got: '[0, 0]'");
    assertFailure("mean", 0, "test 1/3 wrong answer: input: '2\\n1 4\\n'", "got: '2\\n'");
    assertFailure("sorted-words", 0, "test 1/3 wrong answer", "got: 'b\\na\\nc\\n'");
  }

  private static void assertFailure(String id, int passed, String start, String got) {
    CodeOutcome outcome = grade(id, "wrong");
    assertEquals(id, ExecutionStatus.ERROR, outcome.execution());
    assertEquals(id, passed, outcome.testsPassed());
    assertTrue(outcome.firstFailure(), outcome.firstFailure().startsWith(start));
    assertTrue(outcome.firstFailure(), outcome.firstFailure().endsWith(got));
  }

  @Test
  public void goldAnswerIsTheReferenceSolutionOrTheTestCount() {
    assertEquals(
        CodeFixtures.solution("pair-sums", "correct"),
        problems.get("pair-sums").goldAnswers().get(0));
    assertEquals("passes all 5 tests", problems.get("max-subarray").goldAnswers().get(0));
  }
}
