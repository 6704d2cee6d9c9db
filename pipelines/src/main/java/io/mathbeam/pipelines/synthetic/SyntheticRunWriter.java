package io.mathbeam.pipelines.synthetic;

import io.mathbeam.transforms.OutputSchemas;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Writes a {@link SyntheticRun}'s rows into {@code samples-NNNNN-of-MMMMM.parquet}, a new file
 * every so many rows.
 */
final class SyntheticRunWriter implements AutoCloseable {
  /** The row group size the pipelines' samples writer uses. */
  private static final long ROW_GROUP_BYTES = OutputSchemas.SAMPLE_ROW_GROUP_BYTES;

  private final Path dir;
  private final int files;
  private final int rowsPerFile;
  private ParquetWriter<GenericRecord> current;
  private int fileIndex = -1;
  private long rowsInFile;

  SyntheticRunWriter(Path dir, int files, int rowsPerFile) {
    this.dir = dir;
    this.files = files;
    this.rowsPerFile = rowsPerFile;
  }

  void write(GenericRecord record) throws IOException {
    if (current == null || rowsInFile == rowsPerFile) {
      close();
      fileIndex++;
      Path file = dir.resolve(String.format("samples-%05d-of-%05d.parquet", fileIndex, files));
      current = LocalParquet.open(file, OutputSchemas.SAMPLE, ROW_GROUP_BYTES);
      rowsInFile = 0;
    }
    current.write(record);
    rowsInFile++;
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}
