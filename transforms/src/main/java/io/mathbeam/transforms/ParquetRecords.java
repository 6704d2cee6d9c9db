package io.mathbeam.transforms;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;

/** Reads Parquet files (a glob, through Beam's file systems) back as Avro records. */
public final class ParquetRecords {
  private ParquetRecords() {}

  public static List<GenericRecord> readAll(String glob) throws IOException {
    return readAll(glob, null);
  }

  /**
   * Reads only the columns of {@code projection} (a schema with a subset of the files' fields, or
   * null for all): the problems table's response texts, for instance, are never decoded.
   */
  public static List<GenericRecord> readAll(String glob, Schema projection) throws IOException {
    List<GenericRecord> out = new ArrayList<>();
    forEach(glob, projection, out::add);
    return out;
  }

  /** Streams the records of every file, one at a time, without holding them. */
  public static void forEach(String glob, Schema projection, Consumer<GenericRecord> action)
      throws IOException {
    Configuration conf = new Configuration(false);
    if (projection != null) {
      // converted to the files' own list layout (or every column, where the files differ)
      ColumnProjection.of(glob, projection).forEach(conf::set);
    }
    for (MatchResult.Metadata file : FileSystems.match(glob).metadata()) {
      try (ParquetReader<GenericRecord> reader =
          AvroParquetReader.<GenericRecord>builder(new ChannelInputFile(file))
              .withConf(conf)
              .build()) {
        GenericRecord record;
        while ((record = reader.read()) != null) {
          action.accept(record);
        }
      }
    }
  }

  /** The number of rows of the files of {@code glob}, from their footers (no row is read). */
  public static long count(String glob) throws IOException {
    long rows = 0;
    for (MatchResult.Metadata file : FileSystems.match(glob).metadata()) {
      try (ParquetFileReader reader = ParquetFileReader.open(new ChannelInputFile(file))) {
        rows += reader.getRecordCount();
      }
    }
    return rows;
  }
}
