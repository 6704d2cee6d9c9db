package io.mathbeam.core.problems;

import java.util.Map;

/** Reading the text fields of code rows, with errors that name the field. */
final class CodeRowFields {
  private CodeRowFields() {}

  static String required(Map<String, ?> row, String field) throws RowFieldException {
    Object value = row.get(field);
    String text = RowParser.scalar(value);
    if (text == null || text.isBlank()) {
      throw new RowFieldException(field, value == null ? "missing" : "empty or not a text value");
    }
    return text;
  }

  static String optional(Map<String, ?> row, String field) throws RowFieldException {
    Object value = row.get(field);
    if (value == null) {
      return "";
    }
    String text = RowParser.scalar(value);
    if (text == null) {
      throw new RowFieldException(field, "not a text value");
    }
    return text;
  }

  /**
   * The problem id: the mapping's id field when the row has it, else the format's own id field,
   * else (for a mapping that numbers rows) {@code row-<line>}.
   */
  static String id(Map<String, ?> row, String idKey, String formatIdKey, long line)
      throws RowFieldException {
    if (!idKey.isEmpty() && row.containsKey(idKey)) {
      return required(row, idKey).strip();
    }
    if (idKey.isEmpty() && !row.containsKey(formatIdKey)) {
      return "row-" + line;
    }
    return required(row, formatIdKey).strip();
  }
}
