package io.mathbeam.core.problems;

/** A row cannot become a problem because of one field; the reader turns it into a RejectedRow. */
final class RowFieldException extends Exception {
  private final String field;

  RowFieldException(String field, String reason) {
    super(reason);
    this.field = field;
  }

  String field() {
    return field;
  }
}
