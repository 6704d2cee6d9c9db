package io.mathbeam.core.tir;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The program that runs a sample's next block with the state its earlier blocks left: TIR models
 * are trained against a live Python session, where a later block uses the variables and imports of
 * earlier ones. Each execution here is a fresh interpreter, so the earlier blocks that ran without
 * error run again first, their output swallowed, then the new block, each compiled as its own cell
 * so that a traceback names the new block's own lines. For deterministic code this is the session's
 * state; code that reads the clock or randomness without a seed sees new values.
 */
final class SessionReplay {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SessionReplay() {}

  static String program(List<String> earlier, String block) {
    if (earlier.isEmpty()) {
      return block;
    }
    StringBuilder p =
        new StringBuilder()
            .append("import contextlib as _mathbeam_ctx, io as _mathbeam_io\n")
            .append("with _mathbeam_ctx.redirect_stdout(_mathbeam_io.StringIO()), ")
            .append("_mathbeam_ctx.redirect_stderr(_mathbeam_io.StringIO()):\n");
    for (String b : earlier) {
      p.append("    exec(compile(").append(literal(b)).append(", '<earlier cell>', 'exec'))\n");
    }
    return p.append("del _mathbeam_ctx, _mathbeam_io\n")
        .append("exec(compile(")
        .append(literal(block))
        .append(", '<cell>', 'exec'))\n")
        .toString();
  }

  /** A JSON string is a valid Python string literal (its escapes are Python's too). */
  private static String literal(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
