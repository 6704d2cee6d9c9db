package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.stats.ProblemTally;
import java.io.IOException;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;

/**
 * What a grading step that writes {@code samples/} itself emits instead of the graded samples: each
 * sample's small parts and the names of the files it wrote. No response text leaves such a step, so
 * none is encoded between a runner's operators (docs/runners.md, "Where the FlinkRunner's extra CPU
 * goes"); {@link WriteResults#ofWrittenSamples} and {@link ComputeMetrics#fromTallies} take the
 * parts.
 */
public final class SampleParts {
  /** What the {@code problems/} table keeps of each sample. */
  public static final TupleTag<ProblemSample> PROBLEM_SAMPLES = new TupleTag<>() {};

  /** Each sample's tally for the metrics, keyed by its dataset. */
  public static final TupleTag<KV<String, ProblemTally>> TALLIES = new TupleTag<>() {};

  /** The temporary {@code samples/} files the step wrote, one per bundle. */
  public static final TupleTag<String> SAMPLE_FILES = new TupleTag<>() {};

  private SampleParts() {}

  /** Sets the coders of the parts in a grading step's output. */
  static void setCoders(PCollectionTuple out) {
    out.get(PROBLEM_SAMPLES).setCoder(ProblemSampleCoder.of());
    out.get(TALLIES).setCoder(ComputeMetrics.TALLY_CODER);
    out.get(SAMPLE_FILES).setCoder(StringUtf8Coder.of());
  }

  /** One bundle's writing: its samples into one temporary file, their parts emitted. */
  static final class Writer {
    private final WriteSampleFiles.BundleFile file;

    Writer(String outputDir) {
      this.file = new WriteSampleFiles.BundleFile(outputDir);
    }

    void write(GradedSample graded, DoFn.MultiOutputReceiver out) throws IOException {
      file.write(graded);
      out.get(PROBLEM_SAMPLES).output(ProblemSample.of(graded));
      out.get(TALLIES).output(ComputeMetrics.tally(graded));
    }

    /** Closes the bundle's file and emits its name (nothing for a bundle without samples). */
    <T> void finish(DoFn<?, T>.FinishBundleContext context) throws IOException {
      String name = file.finish();
      if (name != null) {
        context.output(
            SAMPLE_FILES, name, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
      }
    }
  }
}
