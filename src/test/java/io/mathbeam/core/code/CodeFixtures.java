package io.mathbeam.core.code;

import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.JsonlProblemReader;
import io.mathbeam.core.problems.ProblemSink;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.problems.RowParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The LiveCodeBench-format fixtures under {@code src/test/resources/io/mathbeam/core/code/lcb}. */
final class CodeFixtures {
  /** A stdin problem of two tests whose right program echoes its input. */
  static final CodeTask ECHO =
      new CodeTask(
          CodeTaskKind.LIVECODEBENCH,
          "",
          "",
          "",
          List.of(
              new CodeTest("hello\n", "hello\n", CodeTestType.STDIN),
              new CodeTest("world\n", "world\n", CodeTestType.STDIN)));

  private CodeFixtures() {}

  /** The fixture problems by id, read through the product's own reader. */
  static Map<String, Problem> liveCodeBenchProblems() {
    try (InputStream in = resource("lcb/problems.jsonl")) {
      return read(in, "lcb/problems.jsonl");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Map<String, Problem> read(InputStream in, String file) throws IOException {
    Map<String, Problem> problems = new LinkedHashMap<>();
    List<RejectedRow> rejected = new ArrayList<>();
    JsonlProblemReader.read(
        in,
        file,
        new RowParser(FieldMapping.DEFAULT, "fixture", 1),
        new ProblemSink() {
          @Override
          public void accept(Problem problem) {
            problems.put(problem.problemId(), problem);
          }

          @Override
          public void reject(RejectedRow row) {
            rejected.add(row);
          }
        });
    if (!rejected.isEmpty()) {
      throw new AssertionError("fixture rows rejected: " + rejected.get(0).describe());
    }
    return problems;
  }

  /** A solution file, e.g. {@code solution("mean", "wrong")}. */
  static String solution(String id, String which) {
    try (InputStream in = resource("lcb/" + id + "." + which + ".py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A chat model's answer around some code. */
  static String fenced(String code) {
    return "Here is my solution.\n\n```python\n" + code + "```\n\nIt runs in linear time.";
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = CodeFixtures.class.getResourceAsStream(name);
    if (in == null) {
      throw new IOException("missing test resource " + Path.of(name));
    }
    return in;
  }
}
