package io.mathbeam.pipelines.synthetic;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * Opens Snappy Parquet writers on local files the way the pipelines' sink writes them (three-level
 * lists, so files read back with a projection), without Hadoop's local file system: that one writes
 * a {@code .crc} file beside every output and parses Hadoop's default XML configuration.
 */
public final class LocalParquet {
  private LocalParquet() {}

  /**
   * A writer of {@code schema} records to {@code file} (replaced if present).
   *
   * @param rowGroupBytes the row group size: the writer buffers about this much before it flushes,
   *     so it bounds the writer's memory
   */
  public static ParquetWriter<GenericRecord> open(Path file, Schema schema, long rowGroupBytes)
      throws IOException {
    Configuration conf = new Configuration(false);
    conf.setBoolean("parquet.avro.write-old-list-structure", false);
    return AvroParquetWriter.<GenericRecord>builder(new LocalOutputFile(file))
        .withSchema(schema)
        .withConf(conf)
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withRowGroupSize(rowGroupBytes)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build();
  }

  /** A Parquet output file on the local disk. */
  private static final class LocalOutputFile implements OutputFile {
    private final Path file;

    LocalOutputFile(Path file) {
      this.file = file;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
      return new LocalStream(
          Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
      return new LocalStream(Files.newOutputStream(file));
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }

    @Override
    public String getPath() {
      return file.toString();
    }
  }

  /** Counts the bytes written, which Parquet needs for its footer offsets. */
  private static final class LocalStream extends PositionOutputStream {
    private final OutputStream out;
    private long position;

    LocalStream(OutputStream out) {
      // Parquet writes pages in large chunks but the footer in small pieces; buffer those
      this.out = new java.io.BufferedOutputStream(out, 1 << 16);
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
      position += length;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
