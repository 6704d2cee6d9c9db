package io.mathbeam.transforms;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;

/** Reads Parquet files (a glob, through Beam's file systems) back as Avro records. */
public final class ParquetRecords {
  /**
   * The most a reader allocates at once for a row group's column chunks (Parquet's default is 8
   * MB). A large run's response column is megabytes per row group; in pieces of 8 MB those are
   * humongous objects to G1 (half a region or more: regions are 1 to 4 MB below 8 GB of heap),
   * whose allocation starts a concurrent cycle once old regions and them pass the heap's threshold,
   * and the bursts of mixed collections that follow made G1 grow the heap by a gigabyte at a time.
   * Pieces of half a smallest region never are; a page that spans two pieces is copied once.
   */
  static final int READ_ALLOCATION_BYTES = 512 << 10;

  private ParquetRecords() {}

  /** The configuration every reader of mathbeam's tables starts from. */
  static Configuration readConfiguration() {
    Configuration conf = new Configuration(false);
    conf.setInt("parquet.read.allocation.size", READ_ALLOCATION_BYTES);
    return conf;
  }

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
    forEach(glob, projection, FilterCompat.NOOP, action);
  }

  /**
   * As {@link #forEach(String, Schema, Consumer)}, for the rows whose key is one of {@code keys}:
   * the values of {@code keyColumns} (top-level texts or integers of {@code projection}) in that
   * order, joined by a newline ({@link #key}). Parquet tests each row's key before it reads the row
   * and skips the others column by column, so finding a few rows' long texts among many decodes
   * only theirs.
   */
  public static void forEachWithKey(
      String glob,
      Schema projection,
      List<String> keyColumns,
      Set<String> keys,
      Consumer<GenericRecord> action)
      throws IOException {
    for (String column : keyColumns) {
      if (projection != null && projection.getField(column) == null) {
        throw new IllegalArgumentException(
            "row key column " + column + " is not in the projection read from " + glob);
      }
    }
    if (keys.isEmpty()) {
      return;
    }
    forEach(glob, projection, FilterCompat.get(new RowKeyFilter(keyColumns, keys)), action);
  }

  /** The key of {@link #forEachWithKey} for a row whose key columns hold {@code values}. */
  public static String key(Object... values) {
    return RowKeyFilter.key(values);
  }

  private static void forEach(
      String glob, Schema projection, FilterCompat.Filter filter, Consumer<GenericRecord> action)
      throws IOException {
    Configuration conf = readConfiguration();
    if (projection != null) {
      // converted to the files' own list layout (or every column, where the files differ)
      ColumnProjection.of(glob, projection).forEach(conf::set);
    }
    for (MatchResult.Metadata file : FileSystems.match(glob).metadata()) {
      try (ParquetReader<GenericRecord> reader =
          AvroParquetReader.<GenericRecord>builder(new ChannelInputFile(file))
              .withConf(conf)
              .withFilter(filter)
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
