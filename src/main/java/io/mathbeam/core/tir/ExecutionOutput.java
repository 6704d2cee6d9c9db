package io.mathbeam.core.tir;

import io.mathbeam.core.sandbox.Execution;

/**
 * The fences of tool-integrated reasoning, as NeMo-Skills writes them, and what the model sees of
 * one execution: its stdout then stderr (a traceback reads as Python prints it), cut to {@link
 * #MAX_CHARS} characters (NeMo-Skills' default), or a line that says the run hit a limit.
 */
final class ExecutionOutput {
  static final int MAX_CHARS = 1000;

  /** The closing fence line: the stop string at which a block is run. */
  static final String CLOSE = "```\n";

  static final String OUTPUT_OPEN = "```output\n";

  private ExecutionOutput() {}

  static String of(Execution e) {
    String out = e.stdout() + e.stderr();
    String note =
        switch (e.status()) {
          case TIMEOUT -> "Execution timed out";
          case MEMORY -> "Execution ran out of memory";
          case OUTPUT_LIMIT -> "Output too long";
          case KILLED -> "Execution was " + e.detail();
          case SANDBOX_ERROR -> "Execution failed: the sandbox could not run the code";
          default -> null;
        };
    if (note != null) {
      out = out.isBlank() ? note : out.strip() + "\n" + note;
    }
    if (out.length() > MAX_CHARS) {
      out = out.substring(0, MAX_CHARS) + "\n<output cut>";
    }
    return out.endsWith("\n") ? out : out + "\n";
  }

  /** The text appended after a stopped block: its closing fence and the output block. */
  static String block(Execution e) {
    return CLOSE + OUTPUT_OPEN + of(e) + CLOSE;
  }
}
