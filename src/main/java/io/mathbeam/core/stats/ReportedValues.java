package io.mathbeam.core.stats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a file of reported (published) results to compare ours against.
 *
 * <p>Either CSV with a header naming the columns {@code dataset,metric,value} and optionally {@code
 * source} (any order, other columns ignored; blank lines and lines starting with {@code #} skipped;
 * fields may be double-quoted), or a JSON array of objects with those keys. A file whose first
 * non-blank character is {@code [} is JSON.
 *
 * <p>Metrics are written {@code pass@k} or {@code maj@k}. A value is a fraction or a percentage: it
 * is a percentage when it ends in {@code %} or is greater than 1 ({@code 43.3}, {@code 43.3%} and
 * {@code 0.433} all mean the same; {@code 1} means 100% and {@code 1%} means 0.01). After
 * conversion it must lie in [0, 1].
 */
public final class ReportedValues {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportedValues() {}

  public static List<ReportedValue> read(Path file) throws ReportedValuesException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ReportedValuesException(file.toString(), 0, null, "cannot read: " + e, e);
    }
    return parse(text, file.toString());
  }

  /** Parses file content; {@code fileName} only labels errors. */
  public static List<ReportedValue> parse(String text, String fileName)
      throws ReportedValuesException {
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    return text.stripLeading().startsWith("[")
        ? parseJson(text, fileName)
        : parseCsv(text, fileName);
  }

  private static List<ReportedValue> parseCsv(String text, String file)
      throws ReportedValuesException {
    String[] lines = text.split("\r?\n", -1);
    Map<String, Integer> columns = null;
    List<ReportedValue> out = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      int line = i + 1;
      String raw = lines[i];
      if (raw.isBlank() || raw.stripLeading().startsWith("#")) {
        continue;
      }
      List<String> fields = CsvLine.split(raw, file, line);
      if (columns == null) {
        columns = header(fields, file, line);
        continue;
      }
      out.add(
          row(
              file,
              line,
              field(fields, columns, "dataset"),
              field(fields, columns, "metric"),
              field(fields, columns, "value"),
              field(fields, columns, "source")));
    }
    if (columns == null) {
      throw new ReportedValuesException(file, 0, null, "empty file, expected a CSV header");
    }
    return out;
  }

  private static Map<String, Integer> header(List<String> fields, String file, int line)
      throws ReportedValuesException {
    Map<String, Integer> columns = new HashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      columns.putIfAbsent(fields.get(i).trim().toLowerCase(Locale.ROOT), i);
    }
    for (String required : new String[] {"dataset", "metric", "value"}) {
      if (!columns.containsKey(required)) {
        throw new ReportedValuesException(
            file, line, required, "header lacks column '" + required + "' (got " + fields + ")");
      }
    }
    return columns;
  }

  private static String field(List<String> fields, Map<String, Integer> columns, String name) {
    Integer at = columns.get(name);
    return at == null || at >= fields.size() ? null : fields.get(at);
  }

  private static List<ReportedValue> parseJson(String text, String file)
      throws ReportedValuesException {
    List<ReportedValue> out = new ArrayList<>();
    try (JsonParser parser = new JsonFactory().createParser(text)) {
      parser.setCodec(JSON);
      if (parser.nextToken() != JsonToken.START_ARRAY) {
        throw new ReportedValuesException(
            file, parser.currentTokenLocation().getLineNr(), null, "expected a JSON array");
      }
      while (true) {
        JsonToken token = parser.nextToken();
        int line = parser.currentTokenLocation().getLineNr();
        if (token == JsonToken.END_ARRAY) {
          break;
        }
        if (token != JsonToken.START_OBJECT) {
          throw new ReportedValuesException(
              file, line, null, "expected an object in the array, got " + token);
        }
        JsonNode node = parser.readValueAsTree();
        out.add(
            row(
                file,
                line,
                text(node, "dataset", file, line),
                text(node, "metric", file, line),
                text(node, "value", file, line),
                text(node, "source", file, line)));
      }
      if (parser.nextToken() != null) {
        throw new ReportedValuesException(
            file, parser.currentTokenLocation().getLineNr(), null, "content after the array");
      }
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new ReportedValuesException(file, line, null, "bad JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ReportedValuesException(file, 0, null, "cannot read: " + e, e);
    }
    return out;
  }

  private static String text(JsonNode node, String key, String file, int line)
      throws ReportedValuesException {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isValueNode()) {
      throw new ReportedValuesException(file, line, key, "expected a string or number");
    }
    return value.asText();
  }

  private static ReportedValue row(
      String file, int line, String dataset, String metric, String value, String source)
      throws ReportedValuesException {
    if (dataset == null || dataset.isBlank()) {
      throw new ReportedValuesException(file, line, "dataset", "missing");
    }
    if (metric == null || metric.isBlank()) {
      throw new ReportedValuesException(file, line, "metric", "missing");
    }
    MetricName name;
    try {
      name = MetricName.parse(metric);
    } catch (IllegalArgumentException e) {
      throw new ReportedValuesException(file, line, "metric", e.getMessage(), e);
    }
    return new ReportedValue(
        dataset.trim(),
        name,
        fraction(value, file, line),
        source == null ? "" : source.trim(),
        line);
  }

  /** The value as a fraction: see the class javadoc for the percentage rule. */
  static double fraction(String value, String file, int line) throws ReportedValuesException {
    if (value == null || value.isBlank()) {
      throw new ReportedValuesException(file, line, "value", "missing");
    }
    String t = value.trim();
    boolean percent = t.endsWith("%");
    if (percent) {
      t = t.substring(0, t.length() - 1).trim();
    }
    double v;
    try {
      v = Double.parseDouble(t);
    } catch (NumberFormatException e) {
      throw new ReportedValuesException(file, line, "value", "not a number: '" + value + "'", e);
    }
    if (!Double.isFinite(v) || v < 0) {
      throw new ReportedValuesException(file, line, "value", "not a rate: '" + value + "'");
    }
    if (percent || v > 1) {
      v /= 100;
    }
    if (v > 1) {
      throw new ReportedValuesException(file, line, "value", "'" + value + "' is over 100%");
    }
    return v;
  }
}
