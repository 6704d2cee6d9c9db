package io.mathbeam.core.problems;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Problem sets that ship inside mathbeam, so the demo runs with no data directory. They are written
 * for mathbeam (not copies of public benchmarks) and cover the answer forms graders must handle.
 */
public final class BuiltinProblems {
  /** The default demo set. */
  public static final String SAMPLE = "sample";

  private static final List<String> NAMES = List.of(SAMPLE);

  private BuiltinProblems() {}

  public static List<String> names() {
    return NAMES;
  }

  public static boolean exists(String name) {
    return NAMES.contains(name);
  }

  public static ProblemSource source(String name, int samples) {
    if (!exists(name)) {
      throw new IllegalArgumentException("no built-in problem set named '" + name + "'");
    }
    return new ProblemSource(
        ProblemSource.BUILTIN_PREFIX + name, name, samples, ProblemFormat.JSONL);
  }

  public static InputStream open(String name) {
    InputStream in = BuiltinProblems.class.getResourceAsStream("builtin-" + name + ".jsonl");
    if (in == null) {
      throw new UncheckedIOException(
          new IOException("built-in problem set '" + name + "' is missing from the jar"));
    }
    return in;
  }
}
