package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import java.io.IOException;
import java.util.Set;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;

/**
 * Writes the {@code samples/} table: each bundle's samples go to one temporary Parquet file ({@link
 * TableFile}), and {@link TableFiles}, which groups only the files' names, moves them into place as
 * {@code samples-NNNNN-of-MMMMM.parquet} and removes what failed attempts left behind.
 *
 * <p>Instead of {@code FileIO.write()}: the DirectRunner replaces an unsharded {@code FileIO} write
 * with a sharded one that groups every record by shard, response texts included, in memory, and a
 * 100k-sample regrade ran out of a 3 GB heap there (docs/runners.md). Files of a bundle that failed
 * are never named downstream, so a retried bundle cannot duplicate a sample.
 */
final class WriteSampleFiles extends PTransform<PCollection<GradedSample>, PDone> {
  static final String TEMP_DIR = OutputTable.SAMPLES.tempFolder();

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
        .apply("WriteBundleFiles", bundleFiles(outputDir))
        .apply("MoveIntoPlace", TableFiles.moveIntoPlace(outputDir, Set.of(OutputTable.SAMPLES)));
    return PDone.in(samples.getPipeline());
  }

  /**
   * The first step alone: each bundle's samples written to a temporary file, whose name ({@link
   * TableFiles#named}) leaves at the bundle's end for {@link TableFiles} to move.
   */
  static PTransform<PCollection<GradedSample>, PCollection<KV<String, String>>> bundleFiles(
      String outputDir) {
    return new PTransform<>() {
      @Override
      public PCollection<KV<String, String>> expand(PCollection<GradedSample> samples) {
        return samples
            .apply("WriteBundleFiles", ParDo.of(new WriteBundleFileFn(outputDir)))
            .setCoder(TableFiles.NAME_CODER);
      }
    };
  }

  /** Writes a bundle's samples to a new temporary file and emits its name at the bundle's end. */
  static final class WriteBundleFileFn extends TableFileFn<GradedSample> {
    WriteBundleFileFn(String outputDir) {
      super(outputDir, OutputTable.SAMPLES);
    }

    @ProcessElement
    public void process(@Element GradedSample sample) throws IOException {
      bundle().write(OutputSchemas.sampleRecord(sample));
    }
  }
}
