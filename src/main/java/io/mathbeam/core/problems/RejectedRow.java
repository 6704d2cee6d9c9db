package io.mathbeam.core.problems;

import java.io.Serializable;

/**
 * An input row that could not become a problem: where it is and why.
 *
 * @param line 1-based line (JSONL, CSV: the line the record starts on) or row number (Parquet)
 * @param field the offending field, or empty when the whole row is bad
 * @param excerpt the start of the raw row, for the reader of the rejected/ output
 */
public record RejectedRow(
    String datasetId, String file, long line, String field, String reason, String excerpt)
    implements Serializable {

  static final int EXCERPT_CHARS = 200;

  public RejectedRow {
    field = field == null ? "" : field;
    excerpt = excerpt == null ? "" : truncate(excerpt);
  }

  private static String truncate(String s) {
    return s.length() <= EXCERPT_CHARS ? s : s.substring(0, EXCERPT_CHARS) + "...";
  }

  /** {@code file:line: field 'x': reason}, the form used in messages. */
  public String describe() {
    return file + ":" + line + ": " + (field.isEmpty() ? "" : "field '" + field + "': ") + reason;
  }
}
