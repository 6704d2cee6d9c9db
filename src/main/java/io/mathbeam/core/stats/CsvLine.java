package io.mathbeam.core.stats;

import java.util.ArrayList;
import java.util.List;

/** Splits one CSV line: commas separate, double quotes enclose, {@code ""} is a quote. */
final class CsvLine {
  private CsvLine() {}

  static List<String> split(String line, String file, int lineNumber)
      throws ReportedValuesException {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          field.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(ch);
      }
    }
    if (quoted) {
      throw new ReportedValuesException(file, lineNumber, null, "unterminated quote");
    }
    fields.add(field.toString());
    return fields;
  }
}
