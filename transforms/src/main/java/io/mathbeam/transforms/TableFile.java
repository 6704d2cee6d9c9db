package io.mathbeam.transforms;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * One bundle's temporary file of a table ({@link OutputTable}), opened with its first row: Snappy
 * Parquet records or JSON lines. {@link TableFiles} moves the files whose names reached it into
 * place; a file of a failed attempt is never named downstream, so no row is written twice.
 */
final class TableFile {
  private final OutputTable table;
  private final String tempDir;
  private WritableByteChannel channel;
  private ParquetRecordSink records;
  private OutputStream lines;
  private String file;

  /**
   * @param outputDir the run directory; the file goes to the table's temporary folder
   */
  TableFile(String outputDir, OutputTable table) {
    this.table = table;
    this.tempDir = table.tempDir(outputDir);
  }

  void write(GenericRecord record) throws IOException {
    open();
    records.write(record);
  }

  /** Writes one line of a text table; the line ends with a newline, as TextIO's did. */
  void writeLine(String line) throws IOException {
    open();
    lines.write(line.getBytes(StandardCharsets.UTF_8));
    lines.write('\n');
  }

  /** Closes the file and returns its name; null when nothing was written. */
  String finish() throws IOException {
    if (channel == null) {
      return null;
    }
    if (records != null) {
      records.flush();
      channel.close();
    } else {
      lines.close();
    }
    channel = null;
    return file;
  }

  /** A file of the table without rows (a Parquet file with its schema and no row group). */
  static String empty(String outputDir, OutputTable table) throws IOException {
    TableFile empty = new TableFile(outputDir, table);
    empty.open();
    return empty.finish();
  }

  private void open() throws IOException {
    if (channel != null) {
      return;
    }
    file = tempDir + "/" + UUID.randomUUID() + table.suffix();
    channel = FileSystems.create(FileSystems.matchNewResource(file, false), MimeTypes.BINARY);
    if (table.schema() != null) {
      records = new ParquetRecordSink(table.schema(), table.rowGroupBytes());
      records.open(channel);
    } else {
      lines = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
    }
  }
}
