package io.mathbeam.transforms;

import io.mathbeam.core.datasets.ParquetRowReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;

/**
 * Reads a downloaded Parquet file (a benchmark published as Parquet on the Hugging Face hub) as
 * ordered rows for the core's conversions: text as String, integers as Long, lists and structs as
 * lists and maps.
 */
public final class ParquetRowFiles implements ParquetRowReader {
  @Override
  public List<Map<String, Object>> read(Path file) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(
                new ChannelInputFile(
                    FileSystems.matchSingleFileSpec(file.toAbsolutePath().toString())))
            .build()) {
      GenericRecord record;
      while ((record = reader.read()) != null) {
        rows.add(map(record));
      }
    } catch (RuntimeException e) {
      // parquet-mr reports a damaged file with unchecked exceptions
      throw new IOException(file + " is not a readable Parquet file: " + e.getMessage(), e);
    }
    return rows;
  }

  private static Map<String, Object> map(GenericRecord record) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (Schema.Field field : record.getSchema().getFields()) {
      row.put(field.name(), value(record.get(field.pos())));
    }
    return row;
  }

  private static Object value(Object v) {
    if (v == null || v instanceof Boolean || v instanceof Long || v instanceof Double) {
      return v;
    }
    if (v instanceof CharSequence s) {
      return s.toString();
    }
    if (v instanceof Integer i) {
      return i.longValue();
    }
    if (v instanceof Float f) {
      return Double.valueOf(f.toString());
    }
    if (v instanceof GenericRecord r) {
      // parquet-mr's three-level lists come back as records holding one "element"
      if (r.getSchema().getFields().size() == 1
          && r.getSchema().getFields().get(0).name().equals("element")) {
        return value(r.get(0));
      }
      return map(r);
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(x -> out.add(value(x)));
      return out;
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(k.toString(), value(x)));
      return out;
    }
    if (v instanceof ByteBuffer b) {
      byte[] bytes = new byte[b.remaining()];
      b.duplicate().get(bytes);
      return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
    return v.toString();
  }
}
