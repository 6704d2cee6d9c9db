package io.mathbeam.core.problems;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Splits RFC 4180 CSV text into records, tracking the line each record starts on. */
public final class CsvRecords {
  public record Record(long line, List<String> fields, String raw, String error) {}

  private final BufferedReader reader;
  private long nextLine = 1;

  public CsvRecords(BufferedReader reader) {
    this.reader = reader;
  }

  /** The next record, or null at the end of input. */
  public Record next() throws IOException {
    String text = reader.readLine();
    if (text == null) {
      return null;
    }
    long start = nextLine;
    nextLine++;
    StringBuilder raw = new StringBuilder(text);
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean fieldStarted = false;
    int i = 0;
    while (true) {
      if (i >= text.length()) {
        if (!quoted) {
          break;
        }
        String more = reader.readLine();
        if (more == null) {
          return new Record(start, fields, raw.toString(), "unterminated quoted field");
        }
        nextLine++;
        field.append('\n');
        raw.append('\n').append(more);
        text = more;
        i = 0;
        continue;
      }
      char ch = text.charAt(i);
      if (quoted) {
        if (ch == '"') {
          if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
            field.append('"');
            i += 2;
            continue;
          }
          quoted = false;
        } else {
          field.append(ch);
        }
      } else if (ch == ',') {
        fields.add(field.toString());
        field.setLength(0);
        fieldStarted = false;
      } else if (ch == '"' && !fieldStarted) {
        quoted = true;
        fieldStarted = true;
      } else {
        field.append(ch);
        fieldStarted = true;
      }
      i++;
    }
    fields.add(field.toString());
    return new Record(start, fields, raw.toString(), null);
  }
}
