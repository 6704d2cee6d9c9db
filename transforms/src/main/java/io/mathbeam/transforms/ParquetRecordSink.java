package io.mathbeam.transforms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileIO;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * Writes Avro records as Snappy Parquet with the standard three-level list layout (what pyarrow,
 * Spark and DuckDB expect, and what allows null list elements such as the response of a failed
 * sample).
 *
 * <p>Used instead of {@code ParquetIO.sink(...).withConfiguration(...)}: that sink carries a
 * serialized Hadoop configuration which re-parses Hadoop's default XML files every time the DoFn is
 * deserialized, and the DirectRunner deserializes DoFns once per bundle. This sink carries only the
 * schema and builds an empty configuration when a file is opened.
 */
public final class ParquetRecordSink implements FileIO.Sink<GenericRecord> {
  private final String schemaJson;
  private final long rowGroupBytes;
  private transient ParquetWriter<GenericRecord> writer;

  /** A sink with Parquet's default row group size. */
  public ParquetRecordSink(Schema schema) {
    this(schema, ParquetWriter.DEFAULT_BLOCK_SIZE);
  }

  /**
   * @param rowGroupBytes the row group size: what a writer buffers, and what a reader of the file
   *     takes as one unit
   */
  public ParquetRecordSink(Schema schema, long rowGroupBytes) {
    this.schemaJson = schema.toString();
    this.rowGroupBytes = rowGroupBytes;
  }

  @Override
  public void open(WritableByteChannel channel) throws IOException {
    Configuration conf = new Configuration(false);
    conf.setBoolean("parquet.avro.write-old-list-structure", false);
    writer =
        AvroParquetWriter.<GenericRecord>builder(new ChannelOutputFile(channel))
            .withSchema(new Schema.Parser().parse(schemaJson))
            .withConf(conf)
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .withRowGroupSize(rowGroupBytes)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build();
  }

  @Override
  public void write(GenericRecord element) throws IOException {
    writer.write(element);
  }

  @Override
  public void flush() throws IOException {
    // closing the Parquet writer writes the footer; the channel itself is closed by FileIO
    writer.close();
  }

  /** A Parquet output file over a channel that FileIO opened and will close. */
  private static final class ChannelOutputFile implements OutputFile {
    private final WritableByteChannel channel;

    ChannelOutputFile(WritableByteChannel channel) {
      this.channel = channel;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
      return new ChannelStream(channel);
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
      return new ChannelStream(channel);
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }
  }

  private static final class ChannelStream extends PositionOutputStream {
    private final WritableByteChannel channel;
    private long position;

    ChannelStream(WritableByteChannel channel) {
      this.channel = channel;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      position += length;
    }

    @Override
    public void close() {
      // FileIO owns the channel
    }
  }
}
