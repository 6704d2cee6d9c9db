package io.mathbeam.core.code;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.Sandbox;
import java.time.Duration;
import java.util.Objects;

/**
 * Grades a model's response to a code problem: finds the program in it ({@link CodeExtractor}),
 * runs it against the problem's tests in the sandbox and says what happened.
 *
 * <ul>
 *   <li>HumanEval: one execution of a harness that runs {@code prompt + completion} in one process
 *       and the problem's {@code check()} in another, which compares the function's answers as
 *       plain data; it passes when the harness reports so (see {@link HumanEvalProgram}).
 *   <li>LiveCodeBench: one execution of a harness that runs all tests in order, each with its own
 *       time limit, and stops at the first failure (see {@link LiveCodeBenchHarness}).
 * </ul>
 *
 * Thread-safe: the sandbox bounds how many executions run at once.
 */
public final class CodeGrader {
  /** LiveCodeBench's own time limit per test. */
  public static final Duration DEFAULT_TEST_TIMEOUT = Duration.ofSeconds(6);

  private final Sandbox sandbox;
  private final Duration testTimeout;

  public CodeGrader(Sandbox sandbox) {
    this(sandbox, DEFAULT_TEST_TIMEOUT);
  }

  private CodeGrader(Sandbox sandbox, Duration testTimeout) {
    this.sandbox = Objects.requireNonNull(sandbox, "sandbox");
    if (testTimeout.isNegative() || testTimeout.isZero()) {
      throw new IllegalArgumentException("test timeout must be positive, got " + testTimeout);
    }
    this.testTimeout = testTimeout;
  }

  /** The same grader with another time limit per LiveCodeBench test. */
  public CodeGrader withTestTimeout(Duration timeout) {
    return new CodeGrader(sandbox, timeout);
  }

  public Duration testTimeout() {
    return testTimeout;
  }

  /** Extracts the program from a response and grades it; {@link CodeOutcome#noCode} without one. */
  public CodeOutcome grade(CodeTask task, String response) {
    String code = CodeExtractor.extract(response);
    return code == null ? CodeOutcome.noCode(task.testCount()) : gradeCode(task, code);
  }

  /** Grades a program as it is, without looking for it in a response. */
  public CodeOutcome gradeCode(CodeTask task, String code) {
    return switch (task.kind()) {
      case HUMANEVAL -> runHumanEval(task, code);
      case LIVECODEBENCH -> runHarness(task, code);
    };
  }

  private CodeOutcome runHumanEval(CodeTask task, String code) {
    String program = HumanEvalProgram.build(task, code);
    String nonce = Harnesses.newNonce();
    Execution e =
        sandbox.runCompiled(
            HumanEvalProgram.SOURCE,
            HumanEvalProgram.stdin(task, program, nonce),
            sandbox.config().limits());
    return HumanEvalProgram.outcome(code, program, e, nonce);
  }

  private CodeOutcome runHarness(CodeTask task, String code) {
    String nonce = Harnesses.newNonce();
    Execution e =
        sandbox.runCompiled(
            LiveCodeBenchHarness.SOURCE,
            LiveCodeBenchHarness.stdin(task, code, nonce, testTimeout),
            LiveCodeBenchHarness.limits(sandbox.config().limits(), task.tests(), testTimeout));
    return LiveCodeBenchHarness.outcome(code, task, e, nonce, testTimeout);
  }
}
