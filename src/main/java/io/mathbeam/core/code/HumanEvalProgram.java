package io.mathbeam.core.code;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Execution;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HumanEval's test program, built as OpenAI's harness builds it: {@code prompt + completion + "\n"
 * + test + "\n" + "check(entry_point)\n"}; it passes when it exits 0.
 *
 * <p>Chat models answer with the whole function (signature, often imports) rather than its body.
 * Such code still follows the prompt, as a redefinition: the prompt's imports ({@code from typing
 * import List}) and helper functions (HumanEval/10 defines {@code is_palindrome} before {@code
 * make_palindrome}) stay defined, and the model's definition replaces the prompt's stub, whose body
 * is just its docstring.
 */
final class HumanEvalProgram {
  private static final Pattern TRACEBACK_LINE = Pattern.compile("File \"main\\.py\", line (\\d+)");

  private HumanEvalProgram() {}

  static String build(CodeTask task, String code) {
    String completion = code;
    if (definesEntryPoint(code, task.entryPoint())) {
      completion = (task.prefix().endsWith("\n") ? "" : "\n") + "\n" + code;
    }
    return task.prefix()
        + completion
        + "\n"
        + task.testSource()
        + "\n"
        + "check("
        + task.entryPoint()
        + ")\n";
  }

  static boolean definesEntryPoint(String code, String entryPoint) {
    return Pattern.compile("(?m)^[ \\t]*def[ \\t]+" + Pattern.quote(entryPoint) + "[ \\t]*\\(")
        .matcher(code)
        .find();
  }

  /**
   * One test: {@code check} passed or not. A failure shows the end of the traceback and, since the
   * interpreter cannot show lines of a program it read from stdin, the program's line that failed
   * (usually the {@code assert} of {@code check}).
   */
  static CodeOutcome outcome(String code, String program, Execution e) {
    if (e.status() == ExecutionStatus.OK) {
      return new CodeOutcome(code, ExecutionStatus.OK, 1, 1, "", e.wallMillis());
    }
    String stderr = FailureText.tail(withFailingLine(e.stderr(), program));
    String failure =
        e.detail().isEmpty() ? stderr : stderr.isEmpty() ? e.detail() : e.detail() + "\n" + stderr;
    if (failure.isEmpty()) {
      failure = "exited with code " + e.exitCode();
    }
    return new CodeOutcome(code, e.status(), 0, 1, FailureText.tail(failure), e.wallMillis());
  }

  /** The traceback with the source of its last {@code main.py} line after it. */
  static String withFailingLine(String stderr, String program) {
    Matcher m = TRACEBACK_LINE.matcher(stderr);
    int line = -1;
    while (m.find()) {
      line = Integer.parseInt(m.group(1));
    }
    String[] lines = program.split("\n", -1);
    if (line < 1 || line > lines.length || lines[line - 1].isBlank()) {
      return stderr;
    }
    return stderr.stripTrailing()
        + "\n(main.py line "
        + line
        + ": "
        + lines[line - 1].strip()
        + ")";
  }
}
