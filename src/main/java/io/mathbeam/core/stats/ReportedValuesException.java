package io.mathbeam.core.stats;

/** A reported-results file that cannot be read or is malformed; names the file, line and field. */
public final class ReportedValuesException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final String field;

  /**
   * @param line 1-based, or 0 when the problem is the whole file
   * @param field the column or key at fault, or null
   */
  public ReportedValuesException(String file, int line, String field, String message) {
    this(file, line, field, message, null);
  }

  public ReportedValuesException(
      String file, int line, String field, String message, Throwable cause) {
    super(
        file
            + (line > 0 ? ":" + line : "")
            + (field != null ? " [" + field + "]" : "")
            + ": "
            + message,
        cause);
    this.file = file;
    this.line = line;
    this.field = field;
  }

  public String file() {
    return file;
  }

  /** 1-based line, 0 when not tied to one line. */
  public int line() {
    return line;
  }

  /** The column or key at fault, or null. */
  public String field() {
    return field;
  }
}
