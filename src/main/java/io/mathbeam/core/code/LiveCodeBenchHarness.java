package io.mathbeam.core.code;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.SandboxLimits;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Runs every test of a LiveCodeBench problem in one sandbox execution: the program is always {@code
 * lcb_harness.py}, and its stdin a JSON object with the model's code, the tests, the per-test time
 * limit and a fresh random nonce. The harness runs the tests in order, stops at the first failure,
 * and reports on lines that start with the nonce (the resource's header says how); {@link #outcome}
 * reads them back. Starting one interpreter per problem instead of one per test saves the sandbox's
 * start cost {@code tests - 1} times.
 */
final class LiveCodeBenchHarness {
  static final String SOURCE = Harnesses.source("lcb_harness.py");

  /** Time for the interpreter to start and the harness to read its tests, beyond the tests'. */
  static final Duration START_SLACK = Duration.ofSeconds(5);

  private static final long FILE_SLACK_BYTES = 1 << 20;

  private static final ObjectMapper JSON = new ObjectMapper();

  private LiveCodeBenchHarness() {}

  /**
   * The harness's stdin: the program's part (code, function name, time limit) as JSON with its
   * length in UTF-8 bytes and a newline in front, read before the harness forks; then the part only
   * the testing process reads: the nonce and the tests with their expected outputs.
   */
  static String stdin(CodeTask task, String code, String nonce, Duration testTimeout) {
    ObjectNode program = JSON.createObjectNode();
    program.put("code", code);
    program.put("func_name", task.entryPoint());
    program.put("timeout", testTimeout.toMillis() / 1000.0);
    ObjectNode judge = JSON.createObjectNode();
    judge.put("nonce", nonce);
    ArrayNode tests = judge.putArray("tests");
    for (CodeTest test : task.tests()) {
      tests
          .addObject()
          .put("input", test.input())
          .put("output", test.output())
          .put("type", test.type().name().toLowerCase(Locale.ROOT));
    }
    try {
      String head = JSON.writeValueAsString(program);
      return head.getBytes(StandardCharsets.UTF_8).length
          + "\n"
          + head
          + JSON.writeValueAsString(judge);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the harness's input", e);
    }
  }

  /**
   * The sandbox's limits, raised where a problem needs more: the wall and CPU time of the execution
   * cover {@code tests * testTimeout} plus {@link #START_SLACK}, so that every test can use its
   * whole time limit (the per-test limit is the harness's; these only stop a program that blocks
   * its timer, in a long call into C code or with the signal ignored); the file size limit fits the
   * largest test's input and twice its expected output, which the harness keeps in memory files.
   */
  static SandboxLimits limits(SandboxLimits base, List<CodeTest> tests, Duration testTimeout) {
    Duration needed = testTimeout.multipliedBy(tests.size()).plus(START_SLACK);
    Duration wall = base.wallTime().compareTo(needed) >= 0 ? base.wallTime() : needed;
    Duration cpu = base.cpuTime().compareTo(needed) >= 0 ? base.cpuTime() : needed;
    long largest = 0;
    for (CodeTest test : tests) {
      // UTF-8 needs at most 3 bytes per UTF-16 char
      largest =
          Math.max(largest, 3L * Math.max(test.input().length(), 2L * test.output().length()));
    }
    long fileBytes = Math.max(base.maxFileBytes(), largest + FILE_SLACK_BYTES);
    return new SandboxLimits(
        wall,
        cpu,
        base.memoryBytes(),
        base.maxProcesses(),
        base.maxOutputBytes(),
        fileBytes,
        base.tmpBytes());
  }

  static CodeOutcome outcome(
      String code, CodeTask task, Execution e, String nonce, Duration testTimeout) {
    int total = task.testCount();
    HarnessReport report = HarnessReport.find(e.stdout(), nonce);
    int passed = report == null ? 0 : Math.min(report.passed(), total);
    if (e.status() != ExecutionStatus.OK) {
      // the whole execution was stopped (or crashed) before the harness could judge the test
      String why =
          e.detail().isEmpty() ? "the program crashed (exit " + e.exitCode() + ")" : e.detail();
      String failure = "test " + (passed + 1) + "/" + total + ": " + why;
      String stderr = FailureText.tail(e.stderr());
      return outcome(
          code, e.status(), passed, total, stderr.isEmpty() ? failure : failure + "\n" + stderr, e);
    }
    if (report == null || !report.done()) {
      return outcome(
          code,
          ExecutionStatus.ERROR,
          passed,
          total,
          "test "
              + (passed + 1)
              + "/"
              + total
              + ": the program ended the harness before it could report (os._exit, or closed its"
              + " output)",
          e);
    }
    String test = "test " + report.test() + "/" + total;
    String input = report.input() == null ? "" : "; input: " + FailureText.quoted(report.input());
    return switch (report.status()) {
      case "ok" -> outcome(code, ExecutionStatus.OK, total, total, "", e);
      case "wrong" ->
          outcome(
              code,
              ExecutionStatus.ERROR,
              passed,
              total,
              test
                  + " wrong answer: input: "
                  + FailureText.quoted(nullToEmpty(report.input()))
                  + " / expected: "
                  + FailureText.quoted(nullToEmpty(report.expected()))
                  + " / got: "
                  + FailureText.quoted(nullToEmpty(report.got())),
              e);
      case "timeout" ->
          outcome(
              code,
              ExecutionStatus.TIMEOUT,
              passed,
              total,
              test + " took longer than " + testTimeout.toMillis() + " ms" + input,
              e);
      case "memory" ->
          outcome(
              code, ExecutionStatus.MEMORY, passed, total, test + " ran out of memory" + input, e);
      case "sandbox_error" ->
          outcome(
              code, ExecutionStatus.SANDBOX_ERROR, passed, total, test + ": " + report.error(), e);
      case "output_limit" ->
          outcome(
              code,
              ExecutionStatus.OUTPUT_LIMIT,
              passed,
              total,
              test + " wrote too much output" + input,
              e);
      default ->
          outcome(
              code,
              ExecutionStatus.ERROR,
              passed,
              total,
              test + " failed: " + report.error() + input,
              e);
    };
  }

  private static CodeOutcome outcome(
      String code, ExecutionStatus status, int passed, int total, String failure, Execution e) {
    return new CodeOutcome(
        code, status, passed, total, FailureText.bounded(failure), e.wallMillis());
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
