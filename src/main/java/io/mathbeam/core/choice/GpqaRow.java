package io.mathbeam.core.choice;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One GPQA row (as in GPQA-Diamond's CSV): a question with one correct and three incorrect answers.
 * The four options are put into an order seeded by a stable hash of the record id (of the question
 * when there is no id), so the correct option is not always A yet every run shows the same order.
 *
 * @param id the row's "Record ID", or null when it has none
 * @param question the question text
 * @param choices the options in their shown order, with the correct one marked
 */
public record GpqaRow(String id, String question, MultipleChoice choices) implements Serializable {
  public static final String RECORD_ID = "Record ID";
  public static final String QUESTION = "Question";
  public static final String CORRECT = "Correct Answer";
  public static final List<String> INCORRECT =
      List.of("Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3");

  public GpqaRow {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(choices, "choices");
  }

  /**
   * Reads a row from its fields; values are stripped of surrounding whitespace.
   *
   * @throws ChoiceFormatException naming the field when a required field is missing or blank
   */
  public static GpqaRow from(Map<String, String> fields) {
    Objects.requireNonNull(fields, "fields");
    String question = required(fields, QUESTION);
    String correct = required(fields, CORRECT);
    String[] options = {correct, null, null, null};
    for (int i = 0; i < INCORRECT.size(); i++) {
      options[i + 1] = required(fields, INCORRECT.get(i));
    }
    String recordId = fields.get(RECORD_ID);
    String id = recordId == null || recordId.isBlank() ? null : recordId.strip();
    long seed = SplitMix64.hash(id != null ? id : question);
    return new GpqaRow(id, question, new MultipleChoice(List.of(options), 0).shuffled(seed));
  }

  private static String required(Map<String, String> fields, String field) {
    String value = fields.get(field);
    if (value == null) {
      throw new ChoiceFormatException("field '" + field + "' is missing");
    }
    if (value.isBlank()) {
      throw new ChoiceFormatException("field '" + field + "' is blank");
    }
    return value.strip();
  }
}
