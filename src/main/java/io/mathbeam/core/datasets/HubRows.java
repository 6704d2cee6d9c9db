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
    convert(in, out, (row, index, where) -> row);
  }

  /** As {@link #convert(SourceRows, RowSink)}, each row through {@code mapping} first. */
  static void convert(SourceRows in, RowSink out, HubBenchmark.RowMapping mapping)
      throws IOException, BenchmarkFormatException {
    Emitter emit = new Emitter(out, mapping);
    for (String key : in.keys()) {
      emit.nextFile();
      String name = key.toLowerCase(Locale.ROOT);
      boolean gzip = name.endsWith(".gz");
      String plain = gzip ? name.substring(0, name.length() - 3) : name;
      if (plain.endsWith(".parquet")) {
        if (gzip) {
          throw new BenchmarkFormatException(in.where(key) + ": a gzipped Parquet file");
        }
        for (Map<String, Object> row : in.parquet(key)) {
          emit.row(row, in.where(key));
        }
        continue;
      }
      try (InputStream raw = Files.newInputStream(in.local(key));
          InputStream stream = new BufferedInputStream(gzip ? new GZIPInputStream(raw) : raw)) {
        if (plain.endsWith(".csv")) {
          BufferedReader reader =
              new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
          for (Map<String, String> row : in.csv(key, reader)) {
            emit.row(new LinkedHashMap<>(row), in.where(key));
          }
        } else if (plain.endsWith(".json") && startsWithBracket(stream)) {
          jsonArray(in, key, stream, emit);
        } else {
          for (Map<String, Object> row : in.jsonLines(key, stream)) {
            emit.row(row, in.where(key));
          }
        }
      }
    }
    if (emit.rows == 0) {
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
  private static void jsonArray(SourceRows in, String key, InputStream stream, Emitter emit)
      throws IOException, BenchmarkFormatException {
    JsonNode array = JSON.readTree(stream);
    long item = 0;
    for (JsonNode node : array) {
      item++;
      if (!node.isObject()) {
        throw new BenchmarkFormatException(in.where(key) + " item " + item + ": not a JSON object");
      }
      emit.row(JSON.convertValue(node, Map.class), in.where(key));
    }
  }

  /** Hands each row, mapped, to the sink, counting them. */
  private static final class Emitter {
    private final RowSink out;
    private final HubBenchmark.RowMapping mapping;
    private long rows;
    private long fileRows;

    Emitter(RowSink out, HubBenchmark.RowMapping mapping) {
      this.out = out;
      this.mapping = mapping;
    }

    /** A new file begins: rows are numbered from 1 again in messages. */
    void nextFile() {
      fileRows = 0;
    }

    void row(Map<String, Object> row, String where) throws IOException, BenchmarkFormatException {
      fileRows++;
      out.row(mapping.map(row, rows, where + " row " + fileRows));
      rows++;
    }
  }
}
