package io.mathbeam.core.compare;

/** A gate file that cannot be read or is malformed; names the file, the rule and the field. */
public final class GateFileException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final int ruleIndex;
  private final String field;

  /**
   * @param ruleIndex 0-based index of the rule at fault, or -1 when the whole file is
   * @param field the key at fault, or null
   */
  public GateFileException(String file, int ruleIndex, String field, String message) {
    this(file, ruleIndex, field, message, null);
  }

  public GateFileException(
      String file, int ruleIndex, String field, String message, Throwable cause) {
    super(
        file
            + (ruleIndex >= 0 ? ": rule " + ruleIndex : "")
            + (field != null ? ", field '" + field + "'" : "")
            + ": "
            + message,
        cause);
    this.file = file;
    this.ruleIndex = ruleIndex;
    this.field = field;
  }

  public String file() {
    return file;
  }

  /** 0-based rule index, -1 when not tied to one rule. */
  public int ruleIndex() {
    return ruleIndex;
  }

  /** The key at fault, or null. */
  public String field() {
    return field;
  }
}
