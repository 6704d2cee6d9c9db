package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;

import java.util.Map;

/**
 * Compares the grades of two runs of the same samples: every grade must be equal, {@code
 * grader_timeout} included, since the grader's budget counts work, not time.
 */
public final class SameGrades {
  private SameGrades() {}

  /** Values start with the status: {@code "correct|..."}. */
  public static void assertSame(Map<String, String> expected, Map<String, String> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    for (Map.Entry<String, String> e : expected.entrySet()) {
      assertEquals(e.getKey(), e.getValue(), actual.get(e.getKey()));
    }
  }
}
