package io.mathbeam.transforms;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.transforms.coders.ProblemCoder;
import java.util.List;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Top;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Passes the problems on only when the rejected rows are at most {@code maxFraction} of all rows;
 * otherwise fails the pipeline with the first rejections in the message. Problems wait for the
 * counts (side inputs), so no request is sent for a run that is going to fail. An input without a
 * single valid problem fails whatever the fraction: the check on the problems never runs when there
 * are none, so the count of accepted rows is checked on its own.
 */
public final class FailAboveRejectedFraction
    extends PTransform<PCollectionTuple, PCollection<Problem>> {
  private static final int SHOWN = 10;
  private final double maxFraction;

  private FailAboveRejectedFraction(double maxFraction) {
    this.maxFraction = maxFraction;
  }

  public static FailAboveRejectedFraction of(double maxFraction) {
    if (!(maxFraction >= 0 && maxFraction <= 1)) {
      throw new IllegalArgumentException(
          "maxRejectedFraction must be in [0, 1], got " + maxFraction);
    }
    return new FailAboveRejectedFraction(maxFraction);
  }

  @Override
  public PCollection<Problem> expand(PCollectionTuple input) {
    PCollection<Problem> problems = input.get(ReadProblems.PROBLEMS);
    PCollection<RejectedRow> rejected = input.get(ReadProblems.REJECTED);
    PCollection<Long> acceptedCount = problems.apply("CountAccepted", Count.globally());
    PCollectionView<Long> accepted = acceptedCount.apply("AcceptedView", View.asSingleton());
    PCollectionView<Long> rejectedCount =
        rejected.apply("CountRejected", Count.globally()).apply("RejectedView", View.asSingleton());
    PCollectionView<List<String>> firstRejections =
        rejected
            .apply(
                "Describe", MapElements.into(TypeDescriptors.strings()).via(RejectedRow::describe))
            .setCoder(StringUtf8Coder.of())
            .apply("FirstRejections", Top.smallest(SHOWN))
            .apply("RejectionsView", View.asSingleton());
    acceptedCount.apply(
        "CheckAnyAccepted",
        ParDo.of(new CheckAnyAcceptedFn(rejectedCount, firstRejections))
            .withSideInputs(rejectedCount, firstRejections));
    return problems
        .apply(
            "CheckFraction",
            ParDo.of(new CheckFn(maxFraction, accepted, rejectedCount, firstRejections))
                .withSideInputs(accepted, rejectedCount, firstRejections))
        .setCoder(ProblemCoder.of());
  }

  static final class CheckFn extends DoFn<Problem, Problem> {
    private final double maxFraction;
    private final PCollectionView<Long> accepted;
    private final PCollectionView<Long> rejected;
    private final PCollectionView<List<String>> first;

    CheckFn(
        double maxFraction,
        PCollectionView<Long> accepted,
        PCollectionView<Long> rejected,
        PCollectionView<List<String>> first) {
      this.maxFraction = maxFraction;
      this.accepted = accepted;
      this.rejected = rejected;
      this.first = first;
    }

    @ProcessElement
    public void process(ProcessContext c) {
      long ok = c.sideInput(accepted);
      long bad = c.sideInput(rejected);
      double fraction = (double) bad / (ok + bad);
      if (fraction > maxFraction) {
        throw new RejectedRowsException(
            String.format(
                "%d of %d input rows were rejected (%.1f%% > --maxRejectedFraction=%s); first:%n  %s",
                bad,
                ok + bad,
                100 * fraction,
                maxFraction,
                String.join("\n  ", c.sideInput(first))));
      }
      c.output(c.element());
    }
  }

  /** Fails when the count of accepted rows it is given is 0. */
  static final class CheckAnyAcceptedFn extends DoFn<Long, Void> {
    private final PCollectionView<Long> rejected;
    private final PCollectionView<List<String>> first;

    CheckAnyAcceptedFn(PCollectionView<Long> rejected, PCollectionView<List<String>> first) {
      this.rejected = rejected;
      this.first = first;
    }

    @ProcessElement
    public void process(ProcessContext c) {
      if (c.element() > 0) {
        return;
      }
      long bad = c.sideInput(rejected);
      throw new RejectedRowsException(
          bad == 0
              ? "the input holds no problem rows"
              : String.format(
                  "no valid problem: all %d input rows were rejected; first:%n  %s",
                  bad, String.join("\n  ", c.sideInput(first))));
    }
  }

  /** The run stops because too much of the input was unusable. */
  public static final class RejectedRowsException extends RuntimeException {
    public RejectedRowsException(String message) {
      super(message);
    }
  }
}
