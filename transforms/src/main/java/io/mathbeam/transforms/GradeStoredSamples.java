package io.mathbeam.transforms;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.regrade.GradeComparison;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.transforms.coders.GradeComparisonCoder;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Grades stored generations again ({@link GradeResponses#grade}, the same grade as a run's) and
 * compares each new grade with the stored one in the same step, so the old grade travels with its
 * sample and nothing is joined: {@link #GRADED} holds the new grades, {@link #COMPARED} one {@link
 * GradeComparison} per sample (a few small fields; the response's end only where the status
 * changed).
 */
public final class GradeStoredSamples
    extends PTransform<PCollection<StoredSample>, PCollectionTuple> {
  public static final TupleTag<GradedSample> GRADED = new TupleTag<>() {};
  public static final TupleTag<GradeComparison> COMPARED = new TupleTag<>() {};

  private GradeStoredSamples() {}

  public static GradeStoredSamples create() {
    return new GradeStoredSamples();
  }

  @Override
  public PCollectionTuple expand(PCollection<StoredSample> stored) {
    PCollectionTuple out =
        stored.apply(
            "GradeAndCompare",
            ParDo.of(new GradeAndCompareFn()).withOutputTags(GRADED, TupleTagList.of(COMPARED)));
    out.get(GRADED).setCoder(GradedSampleCoder.of());
    out.get(COMPARED).setCoder(GradeComparisonCoder.of());
    return out;
  }

  static final class GradeAndCompareFn extends DoFn<StoredSample, GradedSample> {
    private transient Grader grader;
    private final Counter[] byStatus = GradeResponses.statusCounters();
    private final Counter statusChanged = Metrics.counter("mathbeam", "regrade_status_changed");
    private final Counter answerChanged =
        Metrics.counter("mathbeam", "regrade_answer_changed_same_status");

    @Setup
    public void setup() {
      grader = new Grader();
    }

    @ProcessElement
    public void process(@Element StoredSample s, MultiOutputReceiver out) {
      GradedSample graded = GradeResponses.grade(grader, s.generation());
      byStatus[graded.status().ordinal()].inc();
      GradeComparison comparison = GradeComparison.of(s.grade(), graded, Grader.VERSION);
      if (comparison.statusChanged()) {
        statusChanged.inc();
      } else if (comparison.answerChanged()) {
        answerChanged.inc();
      }
      out.get(GRADED).output(graded);
      out.get(COMPARED).output(comparison);
    }
  }
}
