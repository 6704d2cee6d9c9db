package io.mathbeam.core.problems;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads RFC 4180 CSV with a header row. Quoted fields may contain commas, doubled quotes and line
 * breaks, so a record can span several lines; rejections name the line a record starts on. An
 * answer cell holding a JSON list ({@code ["1/2","0.5"]}) is a list of accepted answers.
 */
public final class CsvProblemReader {
  private CsvProblemReader() {}

  public static void read(InputStream in, String file, RowParser parser, ProblemSink sink)
      throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    CsvRecords records = new CsvRecords(reader);
    CsvRecords.Record header = records.next();
    if (header == null) {
      return;
    }
    List<String> columns = new ArrayList<>();
    for (String name : header.fields()) {
      columns.add(name.startsWith("\uFEFF") ? name.substring(1).trim() : name.trim());
    }
    CsvRecords.Record record;
    while ((record = records.next()) != null) {
      if (record.error() != null) {
        sink.reject(
            new RejectedRow(
                parser.datasetId(), file, record.line(), "", record.error(), record.raw()));
        continue;
      }
      if (record.fields().size() == 1 && record.fields().get(0).isEmpty()) {
        continue;
      }
      if (record.fields().size() != columns.size()) {
        sink.reject(
            new RejectedRow(
                parser.datasetId(),
                file,
                record.line(),
                "",
                "expected " + columns.size() + " columns, found " + record.fields().size(),
                record.raw()));
        continue;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      for (int i = 0; i < columns.size(); i++) {
        row.put(columns.get(i), cell(record.fields().get(i)));
      }
      parser.parse(row, file, record.line(), record.raw(), sink);
    }
  }

  private static Object cell(String value) {
    String trimmed = value.trim();
    if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
      List<String> list = JsonList.parseStrings(trimmed);
      if (list != null) {
        return list;
      }
    }
    return value;
  }
}
