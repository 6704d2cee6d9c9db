package io.mathbeam.core.problems;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.choice.ChoiceFormatException;
import io.mathbeam.core.choice.GpqaRow;
import io.mathbeam.core.choice.MultipleChoice;
import io.mathbeam.core.grading.ListGolds;
import io.mathbeam.core.model.Problem;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one decoded row (field name to value) into a {@link Problem}, or a {@link RejectedRow}
 * naming the field at fault. Values may be strings, numbers, booleans or lists (an answer given as
 * a list is a set of accepted answers). Readers for each format decode rows and call this. Rows in
 * HumanEval's or LiveCodeBench's format become code problems ({@link HumanEvalRow}, {@link
 * LiveCodeBenchRow}) whatever the mapping's question and answer fields.
 */
public final class RowParser implements Serializable {
  /** The field of a multiple-choice row that lists its options. */
  public static final String CHOICES = "choices";

  /** OlympiadBench's mark of a gold that is several values ({@link ListGolds}). */
  static final String MULTIPLE_ANSWER = "is_multiple_answer";

  /** The field that marks a GPQA-style row. */
  static final String GPQA_GOLD = "Correct Answer";

  private static final List<String> GPQA_FIELDS =
      List.of(
          "Question", GPQA_GOLD, "Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final FieldMapping mapping;
  private final String datasetId;
  private final int samples;

  public RowParser(FieldMapping mapping, String datasetId, int samples) {
    this.mapping = mapping;
    this.datasetId = datasetId;
    this.samples = samples;
  }

  public String datasetId() {
    return datasetId;
  }

  public void parse(Map<String, ?> row, String file, long line, String raw, ProblemSink sink) {
    if (HumanEvalRow.matches(row) || LiveCodeBenchRow.matches(row)) {
      parseCode(row, file, line, raw, sink);
      return;
    }
    if (row.containsKey(GPQA_GOLD) && !row.containsKey(mapping.questionKey())) {
      parseGpqa(row, file, line, raw, sink);
      return;
    }
    String id;
    if (mapping.idKey().isEmpty()) {
      id = "row-" + line;
    } else {
      Object value = row.get(mapping.idKey());
      id = scalar(value);
      if (id == null || id.isBlank()) {
        sink.reject(reject(file, line, mapping.idKey(), missingOrEmpty(value, row), raw));
        return;
      }
      id = id.trim();
    }
    Object problemValue = row.get(mapping.questionKey());
    String problem = scalar(problemValue);
    if (problem == null || problem.isBlank()) {
      sink.reject(
          reject(file, line, mapping.questionKey(), missingOrEmpty(problemValue, row), raw));
      return;
    }
    Object answerValue = row.get(mapping.answerKey());
    Object choicesValue = row.get(CHOICES);
    if (choicesValue != null) {
      parseChoices(id, problem.strip(), choicesValue, answerValue, file, line, raw, sink);
      return;
    }
    List<String> answers = answers(answerValue);
    if (answers.isEmpty()) {
      sink.reject(reject(file, line, mapping.answerKey(), missingOrEmpty(answerValue, row), raw));
      return;
    }
    // a gold its dataset declares to be several values is a list, not a decimal comma
    answers = ListGolds.declared(answers, problem, row.get(MULTIPLE_ANSWER));
    sink.accept(new Problem(datasetId, id, problem.strip(), answers, samples, file + ":" + line));
  }

  /** A HumanEval or LiveCodeBench row: a code problem, graded by running its tests. */
  private void parseCode(Map<String, ?> row, String file, long line, String raw, ProblemSink sink) {
    String idKey = mapping.idKey();
    try {
      sink.accept(
          HumanEvalRow.matches(row)
              ? HumanEvalRow.parse(row, idKey, datasetId, samples, file, line)
              : LiveCodeBenchRow.parse(row, idKey, datasetId, samples, file, line));
    } catch (RowFieldException e) {
      sink.reject(reject(file, line, e.field(), e.getMessage(), raw));
    }
  }

  /**
   * A multiple-choice row: {@code choices} is a list of option texts and the answer names the
   * correct one by letter, 0-based index or exact text.
   */
  private void parseChoices(
      String id,
      String problem,
      Object choicesValue,
      Object answerValue,
      String file,
      long line,
      String raw,
      ProblemSink sink) {
    List<String> options = new ArrayList<>();
    if (choicesValue instanceof String text && text.strip().startsWith("[")) {
      // a CSV cell holding the options as a JSON array
      try {
        choicesValue = JSON.readValue(text, List.class);
      } catch (java.io.IOException e) {
        sink.reject(reject(file, line, CHOICES, "not a JSON array of option texts", raw));
        return;
      }
    }
    if (choicesValue instanceof Collection<?> list) {
      for (Object item : list) {
        String s = scalar(item);
        if (s == null || s.isBlank()) {
          sink.reject(
              reject(file, line, CHOICES, "option " + (options.size() + 1) + " is empty", raw));
          return;
        }
        options.add(s.strip());
      }
    }
    if (options.size() < 2 || options.size() > 26) {
      sink.reject(
          reject(
              file,
              line,
              CHOICES,
              "needs a list of 2 to 26 option texts, got " + describe(choicesValue),
              raw));
      return;
    }
    if (answerValue == null) {
      sink.reject(reject(file, line, mapping.answerKey(), "missing", raw));
      return;
    }
    int gold;
    try {
      gold = MultipleChoice.goldIndexOf(answerValue, options);
    } catch (ChoiceFormatException e) {
      sink.reject(reject(file, line, mapping.answerKey(), e.getMessage(), raw));
      return;
    }
    sink.accept(
        new Problem(
            datasetId,
            id,
            problem,
            List.of(String.valueOf(MultipleChoice.letter(gold))),
            samples,
            file + ":" + line,
            options));
  }

  /** A GPQA-style row: Question, Correct Answer and Incorrect Answer 1-3 (Record ID optional). */
  private void parseGpqa(Map<String, ?> row, String file, long line, String raw, ProblemSink sink) {
    Map<String, String> fields = new HashMap<>();
    row.forEach(
        (k, v) -> {
          String s = scalar(v);
          if (s != null) {
            fields.put(k, s);
          }
        });
    for (String field : GPQA_FIELDS) {
      String value = fields.get(field);
      if (value == null || value.isBlank()) {
        sink.reject(reject(file, line, field, missingOrEmpty(row.get(field), row), raw));
        return;
      }
    }
    GpqaRow parsed;
    try {
      parsed = GpqaRow.from(fields);
    } catch (ChoiceFormatException e) {
      sink.reject(reject(file, line, GPQA_GOLD, e.getMessage(), raw));
      return;
    }
    String id = parsed.id() == null || parsed.id().isBlank() ? "row-" + line : parsed.id().strip();
    MultipleChoice choices = parsed.choices();
    sink.accept(
        new Problem(
            datasetId,
            id,
            parsed.question().strip(),
            List.of(choices.goldLetter()),
            samples,
            file + ":" + line,
            choices.options()));
  }

  private static String describe(Object value) {
    if (value instanceof Collection<?> list) {
      return list.size() + " option(s)";
    }
    return value == null ? "nothing" : "a single value";
  }

  private RejectedRow reject(String file, long line, String field, String reason, String raw) {
    return new RejectedRow(datasetId, file, line, field, reason, raw);
  }

  /**
   * Why a field is unusable; an absent one names the fields the row has, so that a mapping that
   * names a column the data lacks (a Hub dataset's {@code Problem}, say) shows what to map instead.
   */
  private static String missingOrEmpty(Object value, Map<String, ?> row) {
    if (value != null) {
      return "empty or not a text value";
    }
    return row.isEmpty()
        ? "missing"
        : "missing (the row's fields: " + String.join(", ", row.keySet()) + ")";
  }

  private static List<String> answers(Object value) {
    List<String> out = new ArrayList<>();
    if (value instanceof Collection<?> list) {
      for (Object item : list) {
        String s = scalar(item);
        if (s != null && !s.isBlank()) {
          out.add(s.strip());
        }
      }
    } else {
      String s = scalar(value);
      if (s != null && !s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  /** Text of a scalar value; null for absent values and for lists/objects. */
  static String scalar(Object value) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof java.math.BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return null;
  }
}
