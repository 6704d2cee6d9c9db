package io.mathbeam.transforms;

import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * The tables a run writes as one file per bundle ({@link TableFile}) and then moves into place
 * ({@link TableFiles}): where their files go, how they are named, and whether a table with no rows
 * still gets one empty file. {@code problems/} and {@code rejected/} do, as Beam's {@code FileIO}
 * and {@code TextIO}, which wrote them before, did; {@code samples/} never had one.
 */
enum OutputTable {
  SAMPLES("samples", ".parquet", OutputSchemas.SAMPLE, OutputSchemas.SAMPLE_ROW_GROUP_BYTES, false),
  PROBLEMS("problems", ".parquet", OutputSchemas.PROBLEM, ParquetWriter.DEFAULT_BLOCK_SIZE, true),
  /** One JSON line per rejected input row ({@link RejectedJson}). */
  REJECTED("rejected", ".jsonl", null, 0, true);

  private final String dir;
  private final String suffix;
  private final Schema schema;
  private final long rowGroupBytes;
  private final boolean emptyFileWhenNoRows;

  OutputTable(
      String dir, String suffix, Schema schema, long rowGroupBytes, boolean emptyFileWhenNoRows) {
    this.dir = dir;
    this.suffix = suffix;
    this.schema = schema;
    this.rowGroupBytes = rowGroupBytes;
    this.emptyFileWhenNoRows = emptyFileWhenNoRows;
  }

  /** The table's folder in the run directory, and the prefix of its files' names. */
  String dir() {
    return dir;
  }

  /**
   * The folder in the run directory where its bundles' files wait until the move; what a failed
   * attempt left there is removed.
   */
  String tempFolder() {
    return "." + dir + "-tmp";
  }

  String tempDir(String outputDir) {
    return outputDir + "/" + tempFolder();
  }

  /** The name of the {@code index}-th of {@code files} files in place. */
  String fileName(String outputDir, int index, int files) {
    return String.format(
        Locale.ROOT, "%s/%s/%s-%05d-of-%05d%s", outputDir, dir, dir, index, files, suffix);
  }

  String suffix() {
    return suffix;
  }

  /** The Avro schema of a Parquet table; null for a table of text lines. */
  Schema schema() {
    return schema;
  }

  long rowGroupBytes() {
    return rowGroupBytes;
  }

  boolean emptyFileWhenNoRows() {
    return emptyFileWhenNoRows;
  }

  static OutputTable named(String dir) {
    for (OutputTable t : values()) {
      if (t.dir.equals(dir)) {
        return t;
      }
    }
    throw new IllegalArgumentException("no output table named '" + dir + "'");
  }
}
