package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.stats.ProblemTally;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;

/**
 * What a grading step that writes {@code samples/} itself emits instead of the graded samples: the
 * samples' small parts, gathered by problem, and the names of the files it wrote. No response text
 * leaves such a step, so none is encoded between a runner's operators (docs/runners.md, "Where the
 * FlinkRunner's extra CPU goes"); {@link WriteResults#ofWrittenSamples} and {@link
 * ComputeMetrics#fromTallies} take the parts.
 *
 * <p>The parts leave in groups, not one record per sample: the FlinkRunner sends every record of a
 * step with several outputs to each output's operator (a union of the outputs, filtered there), so
 * the records a step emits cost it as many times as it has outputs. A step gathers up to {@link
 * #GATHERED} samples' parts by problem (a run's files hold a problem's samples together, so a group
 * is usually a whole problem) and emits the groups then and at the end of its bundle.
 */
public final class SampleParts {
  /**
   * What the {@code problems/} table keeps of each sample: one problem's samples (or some of them),
   * keyed by the problem's bucket in {@link WriteResults}' grouping.
   */
  public static final TupleTag<KV<Integer, List<ProblemSample>>> PROBLEM_SAMPLES =
      new TupleTag<>() {};

  /** Per problem, the tally of its samples in the group for the metrics, keyed by its dataset. */
  public static final TupleTag<KV<String, ProblemTally>> TALLIES = new TupleTag<>() {};

  /** The temporary {@code samples/} files the step wrote, one per bundle. */
  public static final TupleTag<String> SAMPLE_FILES = new TupleTag<>() {};

  /** The most samples whose parts a step holds before it emits them. */
  static final int GATHERED = 4096;

  static final KvCoder<Integer, List<ProblemSample>> PROBLEM_SAMPLES_CODER =
      KvCoder.of(VarIntCoder.of(), ProblemSamplesCoder.of());

  private SampleParts() {}

  /** Sets the coders of the parts in a grading step's output. */
  static void setCoders(PCollectionTuple out) {
    out.get(PROBLEM_SAMPLES).setCoder(PROBLEM_SAMPLES_CODER);
    out.get(TALLIES).setCoder(ComputeMetrics.TALLY_CODER);
    out.get(SAMPLE_FILES).setCoder(StringUtf8Coder.of());
  }

  /** One problem's samples, keyed by its bucket in {@link WriteResults}' grouping. */
  static KV<Integer, List<ProblemSample>> group(List<ProblemSample> samples) {
    return KV.of(WriteResults.bucketOf(samples.get(0).problemKey()), samples);
  }

  /**
   * One bundle's writing: its samples into one temporary file, their parts gathered by problem and
   * emitted every {@link #GATHERED} samples and at the bundle's end.
   */
  static final class Writer {
    private final TableFile file;
    private final Map<String, List<ProblemSample>> samples = new LinkedHashMap<>();
    private final Map<String, KV<String, ProblemTally>> tallies = new LinkedHashMap<>();
    private int gathered;

    Writer(String outputDir) {
      this.file = new TableFile(outputDir, OutputTable.SAMPLES);
    }

    void write(GradedSample graded, DoFn.MultiOutputReceiver out) throws IOException {
      file.write(OutputSchemas.sampleRecord(graded));
      ProblemSample sample = ProblemSample.of(graded);
      samples.computeIfAbsent(sample.problemKey(), k -> new ArrayList<>()).add(sample);
      KV<String, ProblemTally> tally = ComputeMetrics.tally(graded);
      tallies.merge(
          sample.problemKey(), tally, (a, b) -> KV.of(a.getKey(), a.getValue().plus(b.getValue())));
      if (++gathered >= GATHERED) {
        emit(part -> out.get(PROBLEM_SAMPLES).output(part), t -> out.get(TALLIES).output(t));
      }
    }

    /**
     * Emits what is gathered, closes the bundle's file and emits its name (nothing for a bundle
     * without samples).
     */
    <T> void finish(DoFn<?, T>.FinishBundleContext context) throws IOException {
      emit(
          part -> context.output(PROBLEM_SAMPLES, part, BoundedWindow.TIMESTAMP_MIN_VALUE, GLOBAL),
          t -> context.output(TALLIES, t, BoundedWindow.TIMESTAMP_MIN_VALUE, GLOBAL));
      String name = file.finish();
      if (name != null) {
        context.output(SAMPLE_FILES, name, BoundedWindow.TIMESTAMP_MIN_VALUE, GLOBAL);
      }
    }

    private void emit(
        java.util.function.Consumer<KV<Integer, List<ProblemSample>>> problemSamples,
        java.util.function.Consumer<KV<String, ProblemTally>> problemTallies) {
      samples.values().forEach(list -> problemSamples.accept(group(list)));
      tallies.values().forEach(problemTallies);
      samples.clear();
      tallies.clear();
      gathered = 0;
    }
  }

  private static final GlobalWindow GLOBAL = GlobalWindow.INSTANCE;
}
