package io.mathbeam.transforms;

import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.transforms.coders.StoredSampleCoder;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.io.BoundedSource;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;

/**
 * A run's stored samples, split by Parquet row group: each row group is a split of its own, so a
 * runner hands the row groups to its workers as they ask for more (Flink's batch sources assign
 * splits lazily), as the plain-Java floor's reader feeds one queue to every grading thread.
 *
 * <p>Its elements are batches of up to {@link #BATCH_SAMPLES} consecutive samples of one row group,
 * not single samples: the FlinkRunner's source wrapper brings every Beam metric of its task up to
 * date after each element it reads ({@code ReaderInvocationUtil.invokeAdvance}, Beam 2.62), which
 * per sample was 50 of a 300k regrade's 3,465 CPU samples (docs/runners.md, "Samples read in
 * batches").
 *
 * <p>Why not {@code ParquetIO}: on the FlinkRunner its files are spread over the workers by random
 * keys and each file's row groups stay with the worker that got the file, so with a few files one
 * worker often got more of them and graded alone while the other sat idle (measured in
 * docs/runners.md).
 */
final class StoredSampleSource extends BoundedSource<List<StoredSample>> {
  /** The most samples in one element: about 0.6 MB of responses at 2.4 KB each. */
  static final int BATCH_SAMPLES = 256;

  /**
   * One row group: the byte range that holds its midpoint, which is how a Parquet reader given a
   * file range picks its row groups.
   */
  record RowGroup(String file, long fileBytes, long start, long end, long compressedBytes)
      implements Serializable {}

  private final List<RowGroup> rowGroups;
  private final HashMap<String, String> readerSettings;
  private final SerializableFunction<GenericRecord, StoredSample> parse;

  private StoredSampleSource(
      List<RowGroup> rowGroups,
      Map<String, String> readerSettings,
      SerializableFunction<GenericRecord, StoredSample> parse) {
    this.rowGroups = new ArrayList<>(rowGroups);
    this.readerSettings = new HashMap<>(readerSettings);
    this.parse = parse;
  }

  /**
   * The row groups of every file of {@code glob} (none when a wildcard matches nothing), from the
   * files' footers, each read once: they also say which reader settings read only {@code
   * projection}'s columns ({@link ColumnProjection}).
   *
   * @param parse a row's stored sample
   */
  static StoredSampleSource of(
      String glob, Schema projection, SerializableFunction<GenericRecord, StoredSample> parse)
      throws IOException {
    List<RowGroup> rowGroups = new ArrayList<>();
    List<MessageType> schemas = new ArrayList<>();
    for (MatchResult.Metadata file :
        FileSystems.match(glob, EmptyMatchTreatment.ALLOW_IF_WILDCARD).metadata()) {
      ParquetMetadata footer;
      try (ParquetFileReader reader = ParquetFileReader.open(new ChannelInputFile(file))) {
        footer = reader.getFooter();
      }
      schemas.add(footer.getFileMetaData().getSchema());
      List<BlockMetaData> blocks = footer.getBlocks();
      String name = file.resourceId().toString();
      for (int i = 0; i < blocks.size(); i++) {
        long start = i == 0 ? 0 : blocks.get(i).getStartingPos();
        long end = i + 1 < blocks.size() ? blocks.get(i + 1).getStartingPos() : file.sizeBytes();
        rowGroups.add(
            new RowGroup(name, file.sizeBytes(), start, end, blocks.get(i).getCompressedSize()));
      }
    }
    return new StoredSampleSource(rowGroups, ColumnProjection.of(schemas, projection), parse);
  }

  /** The row groups this source reads, in order. */
  List<RowGroup> rowGroups() {
    return List.copyOf(rowGroups);
  }

  /** One source per row group, whatever size the runner asks for: row groups are about 16 MB. */
  @Override
  public List<StoredSampleSource> split(long desiredBundleSizeBytes, PipelineOptions options) {
    if (rowGroups.size() <= 1) {
      return List.of(this);
    }
    List<StoredSampleSource> out = new ArrayList<>();
    for (RowGroup group : rowGroups) {
      out.add(new StoredSampleSource(List.of(group), readerSettings, parse));
    }
    return out;
  }

  @Override
  public long getEstimatedSizeBytes(PipelineOptions options) {
    return rowGroups.stream().mapToLong(RowGroup::compressedBytes).sum();
  }

  @Override
  public Coder<List<StoredSample>> getOutputCoder() {
    return ListCoder.of(StoredSampleCoder.of());
  }

  @Override
  public BoundedReader<List<StoredSample>> createReader(PipelineOptions options) {
    return new Reader(this);
  }

  /** Reads the source's row groups one after another, a batch at a time. */
  private static final class Reader extends BoundedReader<List<StoredSample>> {
    private final StoredSampleSource source;
    private final Configuration conf = ParquetRecords.readConfiguration();
    private int next;
    private ParquetReader<GenericRecord> current;
    private List<StoredSample> batch;

    Reader(StoredSampleSource source) {
      this.source = source;
      source.readerSettings.forEach(conf::set);
    }

    @Override
    public boolean start() throws IOException {
      return advance();
    }

    @Override
    public boolean advance() throws IOException {
      List<StoredSample> read = new ArrayList<>(BATCH_SAMPLES);
      while (read.size() < BATCH_SAMPLES) {
        if (current == null) {
          if (!read.isEmpty() || next >= source.rowGroups.size()) {
            break;
          }
          current = open(source.rowGroups.get(next++));
        }
        GenericRecord row = current.read();
        if (row != null) {
          read.add(source.parse.apply(row));
        } else {
          current.close();
          current = null;
        }
      }
      batch = read.isEmpty() ? null : Collections.unmodifiableList(read);
      return batch != null;
    }

    private ParquetReader<GenericRecord> open(RowGroup group) throws IOException {
      MatchResult.Metadata file =
          MatchResult.Metadata.builder()
              .setResourceId(FileSystems.matchNewResource(group.file(), false))
              .setSizeBytes(group.fileBytes())
              .setIsReadSeekEfficient(true)
              .setLastModifiedMillis(0)
              .build();
      return AvroParquetReader.<GenericRecord>builder(new ChannelInputFile(file))
          .withConf(conf)
          .withFileRange(group.start(), group.end())
          .build();
    }

    @Override
    public List<StoredSample> getCurrent() {
      if (batch == null) {
        throw new NoSuchElementException();
      }
      return batch;
    }

    @Override
    public void close() throws IOException {
      if (current != null) {
        current.close();
        current = null;
      }
    }

    @Override
    public BoundedSource<List<StoredSample>> getCurrentSource() {
      return source;
    }
  }
}
