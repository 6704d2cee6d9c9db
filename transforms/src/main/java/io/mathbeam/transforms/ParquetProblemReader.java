package io.mathbeam.transforms;

import io.mathbeam.core.problems.ProblemSink;
import io.mathbeam.core.problems.RowParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;

/** Reads problems from a Parquet file; "line" in rejections is the 1-based row number. */
final class ParquetProblemReader {
  private ParquetProblemReader() {}

  static void read(MatchResult.Metadata file, String name, RowParser parser, ProblemSink sink)
      throws IOException {
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(new ChannelInputFile(file)).build()) {
      GenericRecord record;
      long row = 0;
      while ((record = reader.read()) != null) {
        row++;
        Map<String, Object> values = new LinkedHashMap<>();
        for (Schema.Field field : record.getSchema().getFields()) {
          values.put(field.name(), plain(record.get(field.name())));
        }
        parser.parse(values, name, row, record.toString(), sink);
      }
    }
  }

  /** Avro values as the plain Java values the row parser understands. */
  private static Object plain(Object value) {
    if (value == null || value instanceof Number || value instanceof Boolean) {
      return value;
    }
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    if (value instanceof Collection<?> items) {
      List<Object> out = new ArrayList<>();
      for (Object item : items) {
        Object p = plain(item);
        // parquet-avro may wrap list elements in a one-field record ("element"/"array")
        if (p instanceof GenericRecord wrapped && wrapped.getSchema().getFields().size() == 1) {
          p = plain(wrapped.get(0));
        }
        out.add(p);
      }
      return out;
    }
    return value.toString();
  }
}
