package io.mathbeam.core.datasets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.problems.CsvRecords;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The downloaded source files of one benchmark, read by key in the formats they are published in.
 * Errors name the published file ({@code repo:path @ revision}), the line and the field.
 */
public final class SourceRows {
  // floats as BigDecimal: an answer stored as 27.0 must become "27", not "27.000000001"
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** A downloaded file and what it was downloaded from. */
  public record Downloaded(SourceFile source, Path local) {}

  private final Map<String, Downloaded> files;
  private final ParquetRowReader parquet;

  public SourceRows(Map<String, Downloaded> files, ParquetRowReader parquet) {
    this.files = files;
    this.parquet = parquet;
  }

  /** The published name of a file, for error messages. */
  public String where(String key) {
    return file(key).source().describe();
  }

  public String text(String key) throws IOException {
    return Files.readString(file(key).local(), StandardCharsets.UTF_8);
  }

  /** The lines of a JSON Lines file as ordered maps; blank lines are skipped. */
  public List<Map<String, Object>> jsonLines(String key)
      throws IOException, BenchmarkFormatException {
    try (InputStream in = Files.newInputStream(file(key).local())) {
      return jsonLines(key, in);
    }
  }

  /** As {@link #jsonLines(String)}, for a gzip-compressed file ({@code .jsonl.gz}). */
  public List<Map<String, Object>> gzipJsonLines(String key)
      throws IOException, BenchmarkFormatException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file(key).local()))) {
      return jsonLines(key, in);
    }
  }

  /** The lines of JSON Lines text from {@code in}, each a JSON object; {@code key} names errors. */
  List<Map<String, Object>> jsonLines(String key, InputStream in)
      throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> rows = new ArrayList<>();
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String line;
    long number = 0;
    while ((line = reader.readLine()) != null) {
      number++;
      if (!line.isBlank()) {
        rows.add(object(key, number, line));
      }
    }
    return rows;
  }

  /** Each non-blank line, checked to be a JSON object, handed on unchanged. */
  public void forEachJsonLine(String key, JsonLineConsumer action)
      throws IOException, BenchmarkFormatException {
    try (BufferedReader reader = Files.newBufferedReader(file(key).local())) {
      String line;
      long number = 0;
      while ((line = reader.readLine()) != null) {
        number++;
        if (!line.isBlank()) {
          action.accept(object(key, number, line), line.strip());
        }
      }
    }
  }

  /** Receives a parsed line and its text. */
  public interface JsonLineConsumer {
    void accept(Map<String, Object> row, String line) throws IOException, BenchmarkFormatException;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> object(String key, long number, String line)
      throws BenchmarkFormatException {
    Object value;
    try {
      value = JSON.readValue(line, Object.class);
    } catch (JsonProcessingException e) {
      throw new BenchmarkFormatException(
          where(key) + " line " + number + ": not JSON (" + e.getOriginalMessage() + ")");
    }
    if (!(value instanceof Map)) {
      throw new BenchmarkFormatException(where(key) + " line " + number + ": not a JSON object");
    }
    return (Map<String, Object>) value;
  }

  /** A CSV file with a header row, each record as header -> cell. */
  public List<Map<String, String>> csv(String key) throws IOException, BenchmarkFormatException {
    try (BufferedReader reader = Files.newBufferedReader(file(key).local())) {
      return csv(key, reader);
    }
  }

  /** As {@link #csv(String)}, from {@code reader}. */
  List<Map<String, String>> csv(String key, BufferedReader reader)
      throws IOException, BenchmarkFormatException {
    List<Map<String, String>> rows = new ArrayList<>();
    CsvRecords records = new CsvRecords(reader);
    CsvRecords.Record header = records.next();
    if (header == null) {
      throw new BenchmarkFormatException(where(key) + ": empty, no header row");
    }
    List<String> names = header.fields().stream().map(n -> n.replace("\uFEFF", "")).toList();
    CsvRecords.Record r;
    while ((r = records.next()) != null) {
      if (r.error() != null || r.fields().size() != names.size()) {
        if (r.fields().size() == 1 && r.fields().get(0).isEmpty()) {
          continue; // a blank line
        }
        throw new BenchmarkFormatException(
            where(key)
                + " line "
                + r.line()
                + ": "
                + (r.error() != null
                    ? r.error()
                    : r.fields().size() + " columns, the header has " + names.size()));
      }
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        row.put(names.get(i), r.fields().get(i));
      }
      rows.add(row);
    }
    return rows;
  }

  public List<Map<String, Object>> parquet(String key) throws IOException {
    return parquet.read(file(key).local());
  }

  /** The keys of the files, in the benchmark's order. */
  List<String> keys() {
    return List.copyOf(files.keySet());
  }

  /** Where the file of {@code key} was downloaded to. */
  Path local(String key) {
    return file(key).local();
  }

  private Downloaded file(String key) {
    Downloaded d = files.get(key);
    if (d == null) {
      throw new IllegalStateException("the conversion reads '" + key + "', which is not a source");
    }
    return d;
  }

  /** A field that must be a non-empty string (a number is taken as its text). */
  public static String text(Map<String, ?> row, String field, String where)
      throws BenchmarkFormatException {
    Object v = row.get(field);
    if (v instanceof Number n) {
      return PythonJson.numberText(n);
    }
    if (!(v instanceof String s) || s.isEmpty()) {
      throw new BenchmarkFormatException(
          where + ": field '" + field + "' " + (v == null ? "missing" : "is not text: " + v));
    }
    return s;
  }

  /** A field that must hold an integer (a JSON number or a string of digits). */
  public static long integer(Map<String, ?> row, String field, String where)
      throws BenchmarkFormatException {
    Object v = row.get(field);
    try {
      if (v instanceof Number n) {
        return new java.math.BigDecimal(n.toString()).longValueExact();
      }
      if (v instanceof String s) {
        return Long.parseLong(s.strip());
      }
    } catch (ArithmeticException | NumberFormatException e) {
      // reported below
    }
    throw new BenchmarkFormatException(
        where + ": field '" + field + "' " + (v == null ? "missing" : "is not an integer: " + v));
  }
}
