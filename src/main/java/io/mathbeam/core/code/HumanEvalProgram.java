package io.mathbeam.core.code;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.ExecutionStatus;
import io.mathbeam.core.sandbox.Execution;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A HumanEval problem's test run: the program is always {@code humaneval_harness.py}, which runs
 * the model's code in one process and the problem's own {@code check()} in another, the second
 * calling the first's function over a pipe and comparing its answers as plain data (the resource's
 * header says how). A sample passes only when the harness's single report says so: never by the
 * program's exit status, which the program controls.
 *
 * <p>Chat models answer with the whole function (signature, often imports) rather than its body.
 * Such code still follows the prompt, as a redefinition: the prompt's imports ({@code from typing
 * import List}) and helper functions (HumanEval/10 defines {@code is_palindrome} before {@code
 * make_palindrome}) stay defined, and the model's definition replaces the prompt's stub, whose body
 * is just its docstring.
 */
final class HumanEvalProgram {
  static final String SOURCE = Harnesses.source("humaneval_harness.py");

  private static final Pattern TRACEBACK_LINE = Pattern.compile("File \"main\\.py\", line (\\d+)");
  private static final ObjectMapper JSON = new ObjectMapper();

  private HumanEvalProgram() {}

  /** The model's program: the prompt, then the completion (a redefinition when it has one). */
  static String build(CodeTask task, String code) {
    String completion = code;
    if (definesEntryPoint(code, task.entryPoint())) {
      completion = (task.prefix().endsWith("\n") ? "" : "\n") + "\n" + code;
    }
    return task.prefix() + completion + "\n";
  }

  static boolean definesEntryPoint(String code, String entryPoint) {
    return Pattern.compile("(?m)^[ \\t]*def[ \\t]+" + Pattern.quote(entryPoint) + "[ \\t]*\\(")
        .matcher(code)
        .find();
  }

  /**
   * The harness's stdin: fields, each its length in UTF-8 bytes, a newline and the bytes. First the
   * program, the entry point and the prompt (the harness reads them before it forks), then what
   * only the testing process reads: the nonce and the tests.
   */
  static String stdin(CodeTask task, String program, String nonce) {
    StringBuilder out = new StringBuilder();
    for (String field :
        List.of(program, task.entryPoint(), task.prefix(), nonce, task.testSource())) {
      out.append(field.getBytes(StandardCharsets.UTF_8).length).append('\n').append(field);
    }
    return out.toString();
  }

  /**
   * One test: {@code check} passed or not, as the harness's report says. No report, or more than
   * one (the program found a way to write to the report stream), is a failure.
   */
  static CodeOutcome outcome(String code, String program, Execution e, String nonce) {
    List<JsonNode> reports = reports(e.stdout(), nonce);
    if (reports.size() == 1 && "ok".equals(reports.get(0).path("status").asText())) {
      return new CodeOutcome(code, ExecutionStatus.OK, 1, 1, "", e.wallMillis());
    }
    String failure;
    ExecutionStatus status = ExecutionStatus.ERROR;
    if (reports.size() > 1) {
      failure = "the harness's report stream carried " + reports.size() + " reports";
    } else if (reports.size() == 1) {
      String error = reports.get(0).path("error").asText("");
      failure = withFailingLine(error, program);
      if (error.strip().endsWith("MemoryError")) {
        status = ExecutionStatus.MEMORY;
      } else if (error.startsWith("the program was killed by")) {
        status = ExecutionStatus.KILLED;
      }
    } else if (e.status() == ExecutionStatus.KILLED) {
      // Out of memory the function raises MemoryError, which the testing process reports: a
      // signal that ends the harness itself is the program's doing.
      status = ExecutionStatus.KILLED;
      failure = "the harness was " + e.detail() + " before the tests finished";
    } else {
      if (e.status() != ExecutionStatus.OK) {
        status = e.status();
      }
      String why = e.detail().isEmpty() ? "exit " + e.exitCode() : e.detail();
      failure = "the program ended the harness before the tests finished (" + why + ")";
    }
    return new CodeOutcome(code, status, 0, 1, FailureText.tail(failure), e.wallMillis());
  }

  /** The report lines: JSON objects with {@code "done": true} after the nonce. */
  private static List<JsonNode> reports(String stdout, String nonce) {
    List<JsonNode> out = new ArrayList<>();
    for (String line : stdout.split("\n", -1)) {
      if (!line.startsWith(nonce)) {
        continue;
      }
      try {
        JsonNode node = JSON.readTree(line.substring(nonce.length()));
        if (node != null && node.path("done").asBoolean(false)) {
          out.add(node);
        }
      } catch (JsonProcessingException e) {
        out.add(JSON.createObjectNode().put("error", "an unreadable report line"));
      }
    }
    return out;
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
