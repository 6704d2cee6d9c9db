package io.mathbeam.core.datasets;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The conversion of a Hub dataset's files: every row of every file, in file order, with all its
 * columns as published (the run's {@code --questionKey}, {@code --answerKey} and {@code --idKey}
 * pick the fields later, as for any file). Parquet, JSON Lines, a JSON array of objects (or JSON
 * Lines in a {@code .json} file) and CSV, each maybe gzipped.
 */
final class HubRows {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private HubRows() {}

  static void convert(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    long rows = 0;
    for (String key : in.keys()) {
      String name = key.toLowerCase(Locale.ROOT);
      boolean gzip = name.endsWith(".gz");
      String plain = gzip ? name.substring(0, name.length() - 3) : name;
      if (plain.endsWith(".parquet")) {
        if (gzip) {
          throw new BenchmarkFormatException(in.where(key) + ": a gzipped Parquet file");
        }
        for (Map<String, Object> row : in.parquet(key)) {
          out.row(row);
          rows++;
        }
        continue;
      }
      try (InputStream raw = Files.newInputStream(in.local(key));
          InputStream stream = new BufferedInputStream(gzip ? new GZIPInputStream(raw) : raw)) {
        if (plain.endsWith(".csv")) {
          BufferedReader reader =
              new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
          for (Map<String, String> row : in.csv(key, reader)) {
            out.row(new LinkedHashMap<>(row));
            rows++;
          }
        } else if (plain.endsWith(".json") && startsWithBracket(stream)) {
          rows += jsonArray(in, key, stream, out);
        } else {
          for (Map<String, Object> row : in.jsonLines(key, stream)) {
            out.row(row);
            rows++;
          }
        }
      }
    }
    if (rows == 0) {
      throw new BenchmarkFormatException("the dataset's files hold no rows");
    }
  }

  /** Whether the first non-blank byte is {@code [}; the stream is reset to where it was. */
  private static boolean startsWithBracket(InputStream stream) throws IOException {
    stream.mark(4096);
    try {
      int c;
      while ((c = stream.read()) != -1) {
        if (c == 0xEF || c == 0xBB || c == 0xBF || Character.isWhitespace(c)) {
          continue;
        }
        return c == '[';
      }
      return false;
    } finally {
      stream.reset();
    }
  }

  @SuppressWarnings("unchecked")
  private static long jsonArray(SourceRows in, String key, InputStream stream, RowSink out)
      throws IOException, BenchmarkFormatException {
    JsonNode array = JSON.readTree(stream);
    long rows = 0;
    for (JsonNode item : array) {
      if (!item.isObject()) {
        throw new BenchmarkFormatException(
            in.where(key) + " item " + (rows + 1) + ": not a JSON object");
      }
      out.row(JSON.convertValue(item, Map.class));
      rows++;
    }
    return rows;
  }
}
