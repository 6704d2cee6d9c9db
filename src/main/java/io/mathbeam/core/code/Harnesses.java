package io.mathbeam.core.code;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The code harnesses the sandbox runs (HumanEval's, LiveCodeBench's): their sources, each behind
 * the pipe helpers they share ({@code harness_pipes.py}), and the per-run nonce their reports start
 * with.
 */
final class Harnesses {
  private static final String PIPES = resource("harness_pipes.py");
  private static final SecureRandom RANDOM = new SecureRandom();

  private Harnesses() {}

  /** The source of the harness in resource {@code name}, after the shared pipe helpers. */
  static String source(String name) {
    return PIPES + resource(name);
  }

  /** A token the program cannot guess, so that its own prints never pass for a report. */
  static String newNonce() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return "mathbeam-report-" + HexFormat.of().formatHex(bytes) + " ";
  }

  private static String resource(String name) {
    try (InputStream in = Harnesses.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
