package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What grading a code problem needs besides the model's response.
 *
 * @param kind the harness
 * @param prefix HumanEval: the prompt (imports, signature, docstring) the completion continues;
 *     LiveCodeBench: the starter code ({@code ""} for stdin problems)
 * @param entryPoint HumanEval: the function {@code check} is called with; LiveCodeBench: the {@code
 *     Solution} method of functional tests ({@code metadata.func_name}), else {@code ""}
 * @param testSource HumanEval: the source that defines {@code check(candidate)}; else {@code ""}
 * @param tests LiveCodeBench: public then private tests; empty for HumanEval
 */
public record CodeTask(
    CodeTaskKind kind, String prefix, String entryPoint, String testSource, List<CodeTest> tests)
    implements Serializable {

  public CodeTask {
    Objects.requireNonNull(kind, "kind");
    prefix = prefix == null ? "" : prefix;
    entryPoint = entryPoint == null ? "" : entryPoint;
    testSource = testSource == null ? "" : testSource;
    tests = tests == null ? List.of() : List.copyOf(tests);
    if (kind == CodeTaskKind.HUMANEVAL && (entryPoint.isEmpty() || testSource.isEmpty())) {
      throw new IllegalArgumentException("a HumanEval task needs an entry point and a test");
    }
    if (kind == CodeTaskKind.LIVECODEBENCH && tests.isEmpty()) {
      throw new IllegalArgumentException("a LiveCodeBench task needs at least one test");
    }
  }

  /** Tests the grade counts: HumanEval's {@code check} is one test. */
  public int testCount() {
    return kind == CodeTaskKind.HUMANEVAL ? 1 : tests.size();
  }
}
