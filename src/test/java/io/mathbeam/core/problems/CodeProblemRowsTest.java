package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.CodeTest;
import io.mathbeam.core.model.CodeTestType;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class CodeProblemRowsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static CollectingSink read(Object... rows) throws IOException {
    StringBuilder text = new StringBuilder();
    for (Object row : rows) {
      text.append(row instanceof String s ? s : JSON.writeValueAsString(row)).append('\n');
    }
    CollectingSink sink = new CollectingSink();
    JsonlProblemReader.read(
        new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)),
        "code.jsonl",
        new RowParser(FieldMapping.DEFAULT, "ds", 3),
        sink);
    return sink;
  }

  private static Map<String, Object> humanEvalRow() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", "HumanEval/99");
    row.put("prompt", "def twice(x):\n    \"\"\"Twice x.\"\"\"\n");
    row.put("entry_point", "twice");
    row.put("test", "def check(candidate):\n    assert candidate(2) == 4\n");
    row.put("canonical_solution", "    return 2 * x\n");
    return row;
  }

  private static Map<String, Object> liveCodeBenchRow() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("question_id", "abc123_a");
    row.put("question_title", "Add");
    row.put("question_content", "Print A+B.");
    row.put("starter_code", "");
    row.put("platform", "atcoder");
    row.put(
        "public_test_cases",
        "[{\"input\": \"1 2\\n\", \"output\": \"3\\n\", \"testtype\": \"stdin\"}]");
    row.put(
        "private_test_cases",
        "[{\"input\": \"5 5\\n\", \"output\": \"10\\n\", \"testtype\": \"stdin\"}]");
    row.put("metadata", "{}");
    return row;
  }

  @Test
  public void humanEvalRowBecomesACodeProblemWithTheReferenceFunctionAsGold() throws IOException {
    CollectingSink sink = read(humanEvalRow());
    assertEquals(List.of(), sink.rejected);
    Problem p = sink.problems.get(0);
    assertEquals("HumanEval/99", p.problemId());
    assertEquals(
        new CodeTask(
            CodeTaskKind.HUMANEVAL,
            "def twice(x):\n    \"\"\"Twice x.\"\"\"\n",
            "twice",
            "def check(candidate):\n    assert candidate(2) == 4\n",
            List.of()),
        p.code());
    assertEquals(
        List.of("def twice(x):\n    \"\"\"Twice x.\"\"\"\n    return 2 * x\n"), p.goldAnswers());
    assertTrue(
        p.problem(),
        p.problem().endsWith("```python\ndef twice(x):\n    \"\"\"Twice x.\"\"\"\n```"));
    assertTrue(p.problem(), p.problem().contains("whole function"));
    assertEquals("code.jsonl:1", p.source());
    assertEquals(3, p.samples());
  }

  @Test
  public void stdinRowAsksForAProgramAndCountsItsTestsAsGold() throws IOException {
    Problem p = read(liveCodeBenchRow()).problems.get(0);
    assertEquals("abc123_a", p.problemId());
    assertEquals(CodeTaskKind.LIVECODEBENCH, p.code().kind());
    assertEquals(
        List.of(
            new CodeTest("1 2\n", "3\n", CodeTestType.STDIN),
            new CodeTest("5 5\n", "10\n", CodeTestType.STDIN)),
        p.code().tests());
    assertEquals("", p.code().entryPoint());
    assertEquals(List.of("passes all 2 tests"), p.goldAnswers());
    assertTrue(p.problem(), p.problem().startsWith("Print A+B.\n\n"));
    assertTrue(p.problem(), p.problem().contains("standard input"));
  }

  @Test
  public void functionalRowShowsTheStarterCodeAndNamesTheMethod() throws IOException {
    Map<String, Object> row = liveCodeBenchRow();
    row.put("starter_code", "class Solution:\n    def add(self, a: int, b: int) -> int:\n        ");
    row.put("metadata", Map.of("func_name", "add"));
    row.put(
        "public_test_cases",
        List.of(Map.of("input", "1\n2", "output", "3", "testtype", "functional")));
    row.put("private_test_cases", "");
    row.put(
        "reference_solution", "class Solution:\n    def add(self, a, b):\n        return a + b\n");
    Problem p = read(row).problems.get(0);
    assertEquals("add", p.code().entryPoint());
    assertEquals(1, p.code().testCount());
    assertTrue(
        p.problem(),
        p.problem()
            .endsWith(
                "```python\nclass Solution:\n    def add(self, a: int, b: int) -> int:\n```"));
    assertTrue(p.problem(), p.problem().contains("Solution().add(...)"));
    assertEquals(List.of(row.get("reference_solution")), p.goldAnswers());
  }

  @Test
  public void badCodeRowsAreRejectedNamingLineAndField() throws IOException {
    Map<String, Object> noEntry = humanEvalRow();
    noEntry.remove("entry_point");
    noEntry.put("canonical_solution", "    return 2 * x\n");
    Map<String, Object> noFuncName = liveCodeBenchRow();
    noFuncName.put(
        "public_test_cases",
        "[{\"input\": \"1\", \"output\": \"1\", \"testtype\": \"functional\"}]");
    noFuncName.put("private_test_cases", "");
    Map<String, Object> malicious = liveCodeBenchRow();
    // base64(zlib(b"cos\nsystem\n(S'echo'\ntR.")): os.system("echo") once unpickled
    malicious.put("private_test_cases", "eJxLzi/mKq4sLknN5dIIVk9NzshX5yoJ0gMAXzUHZQ==");
    Map<String, Object> mixed = liveCodeBenchRow();
    mixed.put(
        "private_test_cases",
        "[{\"input\": \"1\", \"output\": \"1\", \"testtype\": \"functional\"}]");
    Map<String, Object> noQuestion = liveCodeBenchRow();
    noQuestion.remove("question_content");
    Map<String, Object> math =
        new LinkedHashMap<>(Map.of("id", "m", "problem", "1+1", "answer", "2"));

    CollectingSink sink = read(noEntry, noFuncName, malicious, mixed, noQuestion, math);
    assertEquals(1, sink.problems.size());
    assertNull("math rows stay math problems", sink.problems.get(0).code());
    List<String> described = sink.rejected.stream().map(RejectedRow::describe).toList();
    assertEquals("code.jsonl:1: field 'entry_point': missing", described.get(0));
    assertTrue(described.get(1), described.get(1).startsWith("code.jsonl:2: field 'metadata': "));
    assertTrue(
        described.get(2),
        described
            .get(2)
            .startsWith("code.jsonl:3: field 'private_test_cases': pickle opcode 0x63"));
    assertTrue(described.get(2), described.get(2).contains("GLOBAL"));
    assertEquals(
        "code.jsonl:4: field 'public_test_cases': mixes stdin and functional tests",
        described.get(3));
    assertEquals("code.jsonl:5: field 'question_content': missing", described.get(4));
  }

  @Test
  public void sharedHumanEvalFileReadsAsCodeProblems() throws IOException {
    Path file = SharedData.datasets().resolve("code/humaneval.jsonl");
    CollectingSink sink = new CollectingSink();
    try (InputStream in = Files.newInputStream(file)) {
      JsonlProblemReader.read(
          in, "humaneval.jsonl", new RowParser(FieldMapping.DEFAULT, "he", 1), sink);
    }
    assertEquals(List.of(), sink.rejected);
    assertEquals(164, sink.problems.size());
    for (Problem p : sink.problems) {
      assertEquals(p.problemId(), CodeTaskKind.HUMANEVAL, p.code().kind());
      assertTrue(p.problemId(), p.goldAnswers().get(0).startsWith(p.code().prefix()));
    }
    assertEquals("HumanEval/0", sink.problems.get(0).problemId());
    assertEquals("has_close_elements", sink.problems.get(0).code().entryPoint());
  }
}
