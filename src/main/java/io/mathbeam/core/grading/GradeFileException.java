package io.mathbeam.core.grading;

import java.nio.file.Path;

/** A line of a grading input file is unusable; names the file, the line and the field. */
public final class GradeFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final long line;
  private final String field;

  public GradeFileException(Path file, long line, String field, String problem) {
    super(file + ":" + line + ": " + (field == null ? "" : "field '" + field + "': ") + problem);
    this.file = file;
    this.line = line;
    this.field = field;
  }

  public Path file() {
    return file;
  }

  public long line() {
    return line;
  }

  /** The offending field, or null when the line as a whole is bad (not JSON). */
  public String field() {
    return field;
  }
}
