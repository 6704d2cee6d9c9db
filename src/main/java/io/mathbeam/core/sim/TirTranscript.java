package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a TIR sample has written so far and what the client showed it: the text of the final
 * assistant message being continued (chat) or the part of the prompt after the problem statement
 * (completions), read for its {@code ```python} blocks and the {@code ```output} blocks the client
 * appended after them.
 *
 * @param codeBlocks how many {@code ```python} blocks the text holds
 * @param outputs the contents of its {@code ```output} blocks, in order, without their fences
 * @param end where the text stops
 */
record TirTranscript(int codeBlocks, List<String> outputs, End end) {
  static final String CODE_OPEN = "```python\n";
  static final String FENCE = "```\n";
  static final String OUTPUT_OPEN = "```output\n";

  private static final Pattern OUTPUT = Pattern.compile("```output\\n(.*?)\\n?```", Pattern.DOTALL);
  private static final Pattern ERROR =
      Pattern.compile("Traceback \\(most recent call last\\)|(?m)^\\w*(Error|Exception)\\b");
  private static final Pattern INTEGER = Pattern.compile("[-+]?\\d{1,15}");

  /** Where a transcript stops. */
  enum End {
    /** No code block yet: a fresh sample. */
    NO_CODE,
    /** Inside a code block whose closing fence is missing (the client's stop string took it). */
    OPEN_BLOCK,
    /** After a closed code block that got no output. */
    CLOSED_BLOCK,
    /** After an output block. */
    OUTPUT
  }

  static final TirTranscript FRESH = new TirTranscript(0, List.of(), End.NO_CODE);

  static TirTranscript read(String text) {
    if (text == null || text.isEmpty()) {
      return FRESH;
    }
    int codeBlocks = 0;
    for (int at = text.indexOf(CODE_OPEN); at >= 0; at = text.indexOf(CODE_OPEN, at + 1)) {
      codeBlocks++;
    }
    List<String> outputs = new ArrayList<>();
    Matcher m = OUTPUT.matcher(text);
    while (m.find()) {
      outputs.add(m.group(1));
    }
    int lastCode = text.lastIndexOf(CODE_OPEN);
    int lastOutput = text.lastIndexOf(OUTPUT_OPEN);
    End end;
    if (lastCode < 0) {
      end = End.NO_CODE;
    } else if (lastOutput > lastCode) {
      end = End.OUTPUT;
    } else if (text.indexOf("```", lastCode + CODE_OPEN.length()) >= 0) {
      end = End.CLOSED_BLOCK;
    } else {
      end = End.OPEN_BLOCK;
    }
    return new TirTranscript(codeBlocks, List.copyOf(outputs), end);
  }

  /** How many outputs were not errors: the steps of the plan that are done. */
  int stepsDone() {
    return (int) outputs.stream().filter(o -> !isError(o)).count();
  }

  Optional<String> lastOutput() {
    return outputs.isEmpty() ? Optional.empty() : Optional.of(outputs.get(outputs.size() - 1));
  }

  /** The integer printed by the last output that was not an error, if it printed one. */
  Optional<Long> lastValue() {
    for (int i = outputs.size() - 1; i >= 0; i--) {
      if (!isError(outputs.get(i))) {
        return value(outputs.get(i));
      }
    }
    return Optional.empty();
  }

  /** A Python traceback, or an error line such as {@code TimeoutError: ...}. */
  static boolean isError(String output) {
    return ERROR.matcher(output).find();
  }

  /** The integer on the last non-blank line of an output, if that line is one. */
  static Optional<Long> value(String output) {
    String[] lines = output.strip().split("\\R");
    String last = lines[lines.length - 1].strip();
    return INTEGER.matcher(last).matches()
        ? Optional.of(Long.parseLong(last.startsWith("+") ? last.substring(1) : last))
        : Optional.empty();
  }
}
