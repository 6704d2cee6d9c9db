package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.MetricsAccumulator;
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import io.mathbeam.transforms.coders.ProblemTalliesCoder;
import io.mathbeam.transforms.coders.ProblemTallyCoder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Per-dataset and aggregate metrics from graded samples. Each sample becomes a one-sample tally of
 * a few bytes; tallies are combined per dataset into per-problem counts (no response text is
 * grouped), from which pass@k and the rest follow. The output is one value: every dataset's
 * metrics, by name, then the aggregate's ({@link DatasetMetrics#AGGREGATE}); an empty list when
 * there were no samples.
 *
 * <p>Keys are datasets, not problems: the DirectRunner runs one bundle per key after a grouping,
 * and a bundle per problem made its per-bundle costs dominate the run.
 */
public final class ComputeMetrics
    extends PTransform<PCollection<GradedSample>, PCollection<List<DatasetMetrics>>> {

  private static final Coder<DatasetMetrics> METRICS_CODER =
      SerializableCoder.of(DatasetMetrics.class);

  private ComputeMetrics() {}

  public static ComputeMetrics create() {
    return new ComputeMetrics();
  }

  @Override
  public PCollection<List<DatasetMetrics>> expand(PCollection<GradedSample> samples) {
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
  public static PTransform<PCollection<KV<String, ProblemTally>>, PCollection<List<DatasetMetrics>>>
      fromTallies() {
    return new PTransform<>() {
      @Override
      public PCollection<List<DatasetMetrics>> expand(
          PCollection<KV<String, ProblemTally>> tallies) {
        return fromTallies(tallies);
      }
    };
  }

  private static PCollection<List<DatasetMetrics>> fromTallies(
      PCollection<KV<String, ProblemTally>> tallies) {
    return tallies
        .apply("PerDataset", Combine.perKey(perProblem()))
        .setCoder(DATASET_TALLIES_CODER)
        .apply("AllDatasets", SingleValue.of(allDatasets()))
        .setCoder(METRICS_LIST_CODER);
  }

  private static final KvCoder<String, ProblemTallies> DATASET_TALLIES_CODER =
      KvCoder.of(StringUtf8Coder.of(), ProblemTalliesCoder.of());

  static final Coder<List<DatasetMetrics>> METRICS_LIST_CODER = ListCoder.of(METRICS_CODER);

  /**
   * Every dataset's metrics from its problems' tallies, then the aggregate's, by merging the
   * datasets' sums: each problem's pass@k is computed once, not again for the aggregate. No
   * aggregate without a dataset.
   */
  static MergingCombineFn<
          KV<String, ProblemTallies>, List<KV<String, ProblemTallies>>, List<DatasetMetrics>>
      allDatasets() {
    return new MergingCombineFn<>(
        ArrayList::new,
        (acc, dataset) -> {
          acc.add(dataset);
          return acc;
        },
        (acc, other) -> {
          acc.addAll(other);
          return acc;
        },
        ComputeMetrics::metrics,
        ListCoder.of(DATASET_TALLIES_CODER),
        METRICS_LIST_CODER);
  }

  private static List<DatasetMetrics> metrics(List<KV<String, ProblemTallies>> datasets) {
    List<KV<String, ProblemTallies>> byName = new ArrayList<>(datasets);
    byName.sort(Comparator.comparing(KV::getKey));
    List<DatasetMetrics> out = new ArrayList<>();
    MetricsAccumulator aggregate = new MetricsAccumulator();
    for (KV<String, ProblemTallies> d : byName) {
      MetricsAccumulator sums = d.getValue().accumulate(new MetricsAccumulator());
      out.add(sums.result(d.getKey()));
      aggregate.merge(sums);
    }
    if (!out.isEmpty()) {
      out.add(aggregate.result(DatasetMetrics.AGGREGATE));
    }
    return out;
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
}
