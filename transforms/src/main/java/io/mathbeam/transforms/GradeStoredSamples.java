package io.mathbeam.transforms;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.regrade.GradeComparison;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.transforms.coders.RegradeTallyCoder;
import io.mathbeam.transforms.coders.VerdictChangeCoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Grades stored generations again, a batch of {@link ReadStoredSamples} at a time ({@link
 * GradeResponses#grade}, the same grade as a run's), compares each new grade with the stored one in
 * the same step, so the old grade travels with its sample and nothing is joined, and writes each
 * graded sample to {@code samples/} there too (one temporary file per bundle). What leaves the step
 * is small: {@link #OUTCOMES} holds, per bundle, one {@link RegradeTally} of its comparisons with
 * the {@link VerdictChange} of each sample whose status changed, and the samples leave as their
 * {@link SampleParts}, so no response text and no record per unchanged sample leaves the step.
 *
 * <p>The tally and the changes are one output, not two: on the FlinkRunner every output of a step
 * is an operator of its own that receives all of the step's records (docs/runners.md, "Fewer
 * options interfaces, one output fewer").
 */
public final class GradeStoredSamples
    extends PTransform<PCollection<List<StoredSample>>, PCollectionTuple> {
  /**
   * Each bundle's tally of its comparisons of old and new grades, with the changes of the samples
   * whose status changed; a bundle with many changes emits them in parts of at most {@link
   * #CHANGES_HELD}, each with the tally of the samples since the last.
   */
  public static final TupleTag<KV<RegradeTally, List<VerdictChange>>> OUTCOMES =
      new TupleTag<>() {};

  /** The coder of {@link #OUTCOMES}. */
  public static final KvCoder<RegradeTally, List<VerdictChange>> OUTCOME_CODER =
      KvCoder.of(RegradeTallyCoder.of(), ListCoder.of(VerdictChangeCoder.of()));

  /** The most changes a step holds before it emits them with their tally. */
  static final int CHANGES_HELD = 1024;

  private final String outputDir;

  private GradeStoredSamples(String outputDir) {
    this.outputDir = outputDir;
  }

  /** Grading that writes the graded samples to {@code samples/} of {@code outputDir}. */
  public static GradeStoredSamples writingSamplesTo(String outputDir) {
    return new GradeStoredSamples(outputDir.replaceAll("/+$", ""));
  }

  @Override
  public PCollectionTuple expand(PCollection<List<StoredSample>> stored) {
    PCollectionTuple out =
        stored.apply(
            "GradeWriteAndCompare",
            ParDo.of(new GradeAndCompareFn(outputDir))
                .withOutputTags(
                    OUTCOMES,
                    TupleTagList.of(SampleParts.PROBLEM_SAMPLES)
                        .and(SampleParts.TALLIES)
                        .and(SampleParts.SAMPLE_FILES)));
    SampleParts.setCoders(out);
    out.get(OUTCOMES).setCoder(OUTCOME_CODER);
    return out;
  }

  /**
   * Grades each sample of a batch, compares with the stored grade, writes the sample and emits its
   * small parts.
   */
  static final class GradeAndCompareFn
      extends DoFn<List<StoredSample>, KV<RegradeTally, List<VerdictChange>>> {
    private final String outputDir;
    private transient Grader grader;
    private transient SampleParts.Writer bundle;
    private transient RegradeTally tally;
    private transient List<VerdictChange> changes;
    private final Counter[] byStatus = GradeResponses.statusCounters();
    private final Counter statusChanged = Metrics.counter("mathbeam", "regrade_status_changed");
    private final Counter answerChanged =
        Metrics.counter("mathbeam", "regrade_answer_changed_same_status");

    GradeAndCompareFn(String outputDir) {
      this.outputDir = outputDir;
    }

    @Setup
    public void setup() {
      grader = new Grader();
    }

    @StartBundle
    public void startBundle() {
      bundle = new SampleParts.Writer(outputDir);
      tally = new RegradeTally();
      changes = new ArrayList<>();
    }

    @ProcessElement
    public void process(@Element List<StoredSample> batch, MultiOutputReceiver out)
        throws IOException {
      for (StoredSample s : batch) {
        grade(s, out);
      }
    }

    private void grade(StoredSample s, MultiOutputReceiver out) throws IOException {
      GradedSample graded = GradeResponses.grade(grader, s.generation());
      byStatus[graded.status().ordinal()].inc();
      GradeComparison comparison = GradeComparison.of(s.grade(), graded, Grader.VERSION);
      tally.add(comparison);
      if (comparison.statusChanged()) {
        statusChanged.inc();
        changes.add(comparison.change());
        if (changes.size() >= CHANGES_HELD) {
          out.get(OUTCOMES).output(KV.of(tally, changes));
          tally = new RegradeTally();
          changes = new ArrayList<>();
        }
      } else if (comparison.answerChanged()) {
        answerChanged.inc();
      }
      bundle.write(graded, out);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) throws IOException {
      bundle.finish(context);
      context.output(
          OUTCOMES,
          KV.of(tally, changes),
          BoundedWindow.TIMESTAMP_MIN_VALUE,
          GlobalWindow.INSTANCE);
    }
  }
}
