package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.MoveOptions.StandardMoveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.util.MimeTypes;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;

/**
 * Writes the {@code samples/} table: each bundle's samples go to one temporary Parquet file, and a
 * final step, which groups only the files' names, moves them into place as {@code
 * samples-NNNNN-of-MMMMM.parquet} and removes what failed attempts left behind.
 *
 * <p>Instead of {@code FileIO.write()}: the DirectRunner replaces an unsharded {@code FileIO} write
 * with a sharded one that groups every record by shard, response texts included, in memory, and a
 * 100k-sample regrade ran out of a 3 GB heap there (docs/runners.md). Files of a bundle that failed
 * are never named downstream, so a retried bundle cannot duplicate a sample.
 */
final class WriteSampleFiles extends PTransform<PCollection<GradedSample>, PDone> {
  static final String TEMP_DIR = ".samples-tmp";

  private final String outputDir;

  private WriteSampleFiles(String outputDir) {
    this.outputDir = outputDir;
  }

  static WriteSampleFiles to(String outputDir) {
    return new WriteSampleFiles(outputDir);
  }

  @Override
  public PDone expand(PCollection<GradedSample> samples) {
    samples
        .apply("WriteBundleFiles", ParDo.of(new WriteBundleFileFn(outputDir)))
        .setCoder(StringUtf8Coder.of())
        .apply("MoveIntoPlace", moveIntoPlace(outputDir));
    return PDone.in(samples.getPipeline());
  }

  /**
   * The last step alone, for samples a grading step wrote itself ({@link BundleFile}): moves the
   * named temporary files into place as {@code samples/}.
   */
  static PTransform<PCollection<String>, PDone> moveIntoPlace(String outputDir) {
    return new PTransform<>() {
      @Override
      public PDone expand(PCollection<String> files) {
        files
            .apply("OneKey", WithKeys.<Integer, String>of(0))
            .setCoder(KvCoder.of(VarIntCoder.of(), StringUtf8Coder.of()))
            .apply("CollectFileNames", GroupByKey.create())
            .apply(
                "MoveIntoPlace",
                ParDo.of(new MoveIntoPlaceFn(outputDir + "/" + TEMP_DIR, outputDir + "/samples")));
        return PDone.in(files.getPipeline());
      }
    };
  }

  /** One bundle's temporary Parquet file of samples, opened with its first sample. */
  static final class BundleFile {
    private final String tempDir;
    private ParquetRecordSink sink;
    private WritableByteChannel channel;
    private String file;

    /**
     * @param outputDir the run directory; the file goes to its temporary folder
     */
    BundleFile(String outputDir) {
      this.tempDir = outputDir + "/" + TEMP_DIR;
    }

    void write(GradedSample sample) throws IOException {
      if (sink == null) {
        file = tempDir + "/" + UUID.randomUUID() + ".parquet";
        channel = FileSystems.create(FileSystems.matchNewResource(file, false), MimeTypes.BINARY);
        sink = new ParquetRecordSink(OutputSchemas.SAMPLE, OutputSchemas.SAMPLE_ROW_GROUP_BYTES);
        sink.open(channel);
      }
      sink.write(OutputSchemas.sampleRecord(sample));
    }

    /** Closes the file and returns its name; null when the bundle wrote no sample. */
    String finish() throws IOException {
      if (sink == null) {
        return null;
      }
      sink.flush();
      channel.close();
      sink = null;
      return file;
    }
  }

  /** Writes a bundle's samples to a new temporary file and emits its name at the bundle's end. */
  static final class WriteBundleFileFn extends DoFn<GradedSample, String> {
    private final String outputDir;
    private transient BundleFile bundle;

    WriteBundleFileFn(String outputDir) {
      this.outputDir = outputDir;
    }

    @StartBundle
    public void startBundle() {
      bundle = new BundleFile(outputDir);
    }

    @ProcessElement
    public void process(@Element GradedSample sample) throws IOException {
      bundle.write(sample);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) throws IOException {
      String file = bundle.finish();
      if (file != null) {
        context.output(file, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
      }
    }
  }

  /** Renames the named files into place in a fixed order, then empties the temporary folder. */
  static final class MoveIntoPlaceFn extends DoFn<KV<Integer, Iterable<String>>, Void> {
    private final String tempDir;
    private final String finalDir;

    MoveIntoPlaceFn(String tempDir, String finalDir) {
      this.tempDir = tempDir;
      this.finalDir = finalDir;
    }

    @ProcessElement
    public void process(@Element KV<Integer, Iterable<String>> names) throws IOException {
      List<String> files = new ArrayList<>();
      names.getValue().forEach(files::add);
      files.sort(null);
      List<ResourceId> from = new ArrayList<>();
      List<ResourceId> to = new ArrayList<>();
      List<MatchResult> present = FileSystems.match(files, EmptyMatchTreatment.ALLOW);
      for (int i = 0; i < files.size(); i++) {
        // a retried move finds the files it already moved gone
        if (present.get(i).status() != MatchResult.Status.OK) {
          continue;
        }
        from.add(FileSystems.matchNewResource(files.get(i), false));
        to.add(
            FileSystems.matchNewResource(
                String.format(
                    Locale.ROOT, "%s/samples-%05d-of-%05d.parquet", finalDir, i, files.size()),
                false));
      }
      // the local file system supports no move options
      FileSystems.rename(from, to);
      MatchResult left =
          FileSystems.match(List.of(tempDir + "/*"), EmptyMatchTreatment.ALLOW).get(0);
      List<ResourceId> orphans = new ArrayList<>();
      if (left.status() == MatchResult.Status.OK) {
        left.metadata().forEach(m -> orphans.add(m.resourceId()));
      }
      orphans.add(FileSystems.matchNewResource(tempDir, true));
      FileSystems.delete(orphans, StandardMoveOptions.IGNORE_MISSING_FILES);
    }
  }
}
