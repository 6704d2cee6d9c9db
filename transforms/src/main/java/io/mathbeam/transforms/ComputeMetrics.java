package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.MetricsAccumulator;
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import io.mathbeam.transforms.coders.ProblemTalliesCoder;
import io.mathbeam.transforms.coders.ProblemTallyCoder;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.Values;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Per-dataset and aggregate metrics from graded samples. Each sample becomes a one-sample tally of
 * a few bytes; tallies are combined per dataset into per-problem counts (no response text is
 * grouped), from which pass@k and the rest follow.
 *
 * <p>Keys are datasets, not problems: the DirectRunner runs one bundle per key after a grouping,
 * and a bundle per problem made its per-bundle costs dominate the run.
 */
public final class ComputeMetrics
    extends PTransform<PCollection<GradedSample>, PCollection<DatasetMetrics>> {

  private static final Coder<DatasetMetrics> METRICS_CODER =
      SerializableCoder.of(DatasetMetrics.class);

  private ComputeMetrics() {}

  public static ComputeMetrics create() {
    return new ComputeMetrics();
  }

  @Override
  public PCollection<DatasetMetrics> expand(PCollection<GradedSample> samples) {
    return samples
        .apply(
            "TallySample",
            MapElements.into(
                    TypeDescriptors.kvs(
                        TypeDescriptors.strings(), TypeDescriptor.of(ProblemTally.class)))
                .via(ComputeMetrics::tally))
        .setCoder(TALLY_CODER)
        .apply("FromTallies", fromTallies());
  }

  /** The coder of one sample's tally keyed by its dataset. */
  static final Coder<KV<String, ProblemTally>> TALLY_CODER =
      KvCoder.of(StringUtf8Coder.of(), ProblemTallyCoder.of());

  /**
   * The same metrics from one-sample tallies ({@link #tally}) a grading step made itself, so that
   * no graded sample has to reach this step.
   */
  public static PTransform<PCollection<KV<String, ProblemTally>>, PCollection<DatasetMetrics>>
      fromTallies() {
    return new PTransform<>() {
      @Override
      public PCollection<DatasetMetrics> expand(PCollection<KV<String, ProblemTally>> tallies) {
        return fromTallies(tallies);
      }
    };
  }

  private static PCollection<DatasetMetrics> fromTallies(
      PCollection<KV<String, ProblemTally>> tallies) {
    PCollection<KV<String, ProblemTallies>> perDataset =
        tallies
            .apply("PerDataset", Combine.perKey(perProblem()))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), ProblemTalliesCoder.of()));

    PCollection<DatasetMetrics> datasetMetrics =
        perDataset
            .apply(
                "DatasetResult",
                MapElements.into(TypeDescriptor.of(DatasetMetrics.class))
                    .via(
                        kv ->
                            kv.getValue().accumulate(new MetricsAccumulator()).result(kv.getKey())))
            .setCoder(METRICS_CODER);

    PCollection<DatasetMetrics> aggregate =
        perDataset
            .apply("Tallies", Values.create())
            .apply("Aggregate", Combine.globally(aggregate()).withoutDefaults())
            .setCoder(METRICS_CODER);

    return PCollectionList.of(datasetMetrics)
        .and(aggregate)
        .apply("AllMetrics", Flatten.pCollections())
        .setCoder(METRICS_CODER);
  }

  static KV<String, ProblemTally> tally(GradedSample s) {
    var g = s.generation();
    var r = g.request();
    return KV.of(
        r.datasetId(),
        ProblemTally.empty(r.datasetId(), r.problemId())
            .plus(s.status(), "length".equals(g.finishReason()), g.completionTokens()));
  }

  /** Sums one-sample tallies into per-problem tallies. */
  static MergingCombineFn<ProblemTally, ProblemTallies, ProblemTallies> perProblem() {
    return MergingCombineFn.tally(
        ProblemTallies::new, ProblemTallies::add, ProblemTallies::merge, ProblemTalliesCoder.of());
  }

  /** Metrics over the problems of every dataset. */
  static MergingCombineFn<ProblemTallies, MetricsAccumulator, DatasetMetrics> aggregate() {
    return new MergingCombineFn<>(
        MetricsAccumulator::new,
        (acc, tallies) -> tallies.accumulate(acc),
        MetricsAccumulator::merge,
        acc -> acc.result(DatasetMetrics.AGGREGATE),
        SerializableCoder.of(MetricsAccumulator.class),
        METRICS_CODER);
  }
}
