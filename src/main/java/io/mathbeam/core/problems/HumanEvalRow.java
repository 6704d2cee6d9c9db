package io.mathbeam.core.problems;

import io.mathbeam.core.model.CodeTask;
import io.mathbeam.core.model.CodeTaskKind;
import io.mathbeam.core.model.Problem;
import java.util.List;
import java.util.Map;

/**
 * A HumanEval row ({@code prompt}, {@code entry_point}, {@code test}, optional {@code
 * canonical_solution}; the id in the mapping's id field or HumanEval's own {@code task_id}) as a
 * code problem. Its text asks a chat model for the whole function; its gold answer is the reference
 * function, {@code prompt + canonical_solution}.
 */
final class HumanEvalRow {
  static final String PROMPT = "prompt";
  static final String ENTRY_POINT = "entry_point";
  static final String TEST = "test";
  static final String CANONICAL_SOLUTION = "canonical_solution";
  static final String TASK_ID = "task_id";

  private HumanEvalRow() {}

  /**
   * A row with any field only HumanEval has, so that a missing one is named, not {@code problem}.
   */
  static boolean matches(Map<String, ?> row) {
    return row.containsKey(ENTRY_POINT)
        || row.containsKey(CANONICAL_SOLUTION)
        || (row.containsKey(PROMPT) && row.containsKey(TEST));
  }

  static Problem parse(
      Map<String, ?> row, String idKey, String datasetId, int samples, String file, long line)
      throws RowFieldException {
    String id = CodeRowFields.id(row, idKey, TASK_ID, line);
    String prompt = CodeRowFields.required(row, PROMPT);
    String entryPoint = CodeRowFields.required(row, ENTRY_POINT).strip();
    if (!entryPoint.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new RowFieldException(ENTRY_POINT, "not a Python function name: '" + entryPoint + "'");
    }
    String test = CodeRowFields.required(row, TEST);
    String canonical = CodeRowFields.optional(row, CANONICAL_SOLUTION);
    String gold = canonical.isBlank() ? "passes check(" + entryPoint + ")" : prompt + canonical;
    CodeTask task = new CodeTask(CodeTaskKind.HUMANEVAL, prompt, entryPoint, test, List.of());
    return new Problem(
        datasetId, id, text(prompt), List.of(gold), samples, file + ":" + line, List.of(), task);
  }

  static String text(String prompt) {
    return "Complete the Python function below. Keep its name and signature, and answer with the"
        + " whole function, with the imports it needs, in a single ```python code block.\n\n"
        + "```python\n"
        + prompt.strip()
        + "\n```";
  }
}
