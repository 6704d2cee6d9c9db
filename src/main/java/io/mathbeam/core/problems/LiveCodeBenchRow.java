package io.mathbeam.core.problems;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A row in LiveCodeBench's format as a code problem: {@code question_id}, {@code question_content},
 * {@code starter_code}, {@code public_test_cases}, {@code private_test_cases} (possibly compressed,
 * see {@link LiveCodeBenchTests}), {@code metadata} (a JSON string or object whose {@code
 * func_name} names the method functional tests call); {@code question_title}, {@code platform} and
 * {@code difficulty} are optional and not used. The gold answer is the row's {@code
 * reference_solution} (a field our own fixtures add) or a line saying how many tests must pass.
 */
final class LiveCodeBenchRow {
  static final String PUBLIC_TESTS = "public_test_cases";
  static final String PRIVATE_TESTS = "private_test_cases";
  static final String QUESTION_ID = "question_id";
  static final String QUESTION = "question_content";
  static final String STARTER_CODE = "starter_code";
  static final String METADATA = "metadata";
  static final String REFERENCE_SOLUTION = "reference_solution";

  private static final ObjectMapper JSON = new ObjectMapper();

  private LiveCodeBenchRow() {}

  /** A row with any field only LiveCodeBench has, so that a missing one is named. */
  static boolean matches(Map<String, ?> row) {
    return row.containsKey(PUBLIC_TESTS)
        || row.containsKey(PRIVATE_TESTS)
        || row.containsKey(QUESTION);
  }

  static Problem parse(
      Map<String, ?> row, String idKey, String datasetId, int samples, String file, long line)
      throws RowFieldException {
    String id = CodeRowFields.id(row, idKey, QUESTION_ID, line);
    String question = CodeRowFields.required(row, QUESTION);
    String starter = CodeRowFields.optional(row, STARTER_CODE);
    if (!row.containsKey(PUBLIC_TESTS)) {
      throw new RowFieldException(PUBLIC_TESTS, "missing");
    }
    List<CodeTest> tests = new ArrayList<>(tests(row, PUBLIC_TESTS));
    tests.addAll(tests(row, PRIVATE_TESTS));
    if (tests.isEmpty()) {
      throw new RowFieldException(PUBLIC_TESTS, "the row has no tests, public or private");
    }
    boolean functional = tests.get(0).type() == CodeTestType.FUNCTIONAL;
    if (tests.stream().anyMatch(t -> (t.type() == CodeTestType.FUNCTIONAL) != functional)) {
      throw new RowFieldException(PUBLIC_TESTS, "mixes stdin and functional tests");
    }
    String funcName = functional ? funcName(row.get(METADATA)) : "";
    CodeTask task = new CodeTask(CodeTaskKind.LIVECODEBENCH, starter, funcName, "", tests);
    String reference = CodeRowFields.optional(row, REFERENCE_SOLUTION);
    String gold = reference.isBlank() ? "passes all " + tests.size() + " tests" : reference;
    String text = functional ? functionalText(question, starter, funcName) : stdinText(question);
    return new Problem(
        datasetId, id, text, List.of(gold), samples, file + ":" + line, List.of(), task);
  }

  private static List<CodeTest> tests(Map<String, ?> row, String field) throws RowFieldException {
    try {
      return LiveCodeBenchTests.decode(row.get(field));
    } catch (CodeFormatException e) {
      throw new RowFieldException(field, e.getMessage());
    }
  }

  private static String funcName(Object metadata) throws RowFieldException {
    JsonNode node;
    if (metadata instanceof String text) {
      try {
        node = JSON.readTree(text);
      } catch (JsonProcessingException e) {
        throw new RowFieldException(METADATA, "not a JSON object: " + e.getOriginalMessage());
      }
    } else {
      node = metadata == null ? null : JSON.valueToTree(metadata);
    }
    JsonNode name = node == null ? null : node.get("func_name");
    if (name == null || !name.isTextual()) {
      throw new RowFieldException(
          METADATA, "functional tests need metadata.func_name, the Solution method they call");
    }
    String funcName = name.asText().strip();
    if (!funcName.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new RowFieldException(METADATA, "func_name is not a Python name: '" + funcName + "'");
    }
    return funcName;
  }

  static String functionalText(String question, String starter, String funcName) {
    String code =
        starter.isBlank()
            ? "class Solution:\n    def " + funcName + "(self, *args):\n        pass"
            : starter.strip();
    return question.strip()
        + "\n\nSolve this in Python 3 by completing the code below: your answer is called as"
        + " Solution()."
        + funcName
        + "(...) on each test. Answer with the complete code in a single ```python code block.\n\n"
        + "```python\n"
        + code
        + "\n```";
  }

  static String stdinText(String question) {
    return question.strip()
        + "\n\nSolve this in Python 3 with a program that reads the input from standard input and"
        + " writes the answer to standard output. Answer with the complete program in a single"
        + " ```python code block.";
  }
}
