package io.mathbeam.transforms;

import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.MetricsAccumulator;
import io.mathbeam.core.stats.ProblemTally;
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
 * Per-dataset and aggregate metrics from graded samples: each sample becomes a small tally, tallies
 * are combined per problem and then per dataset, so no response text is grouped.
 */
public final class ComputeMetrics
    extends PTransform<PCollection<GradedSample>, PCollection<DatasetMetrics>> {

  private ComputeMetrics() {}

  public static ComputeMetrics create() {
    return new ComputeMetrics();
  }

  @Override
  public PCollection<DatasetMetrics> expand(PCollection<GradedSample> samples) {
    PCollection<ProblemTally> perProblem =
        samples
            .apply(
                "TallySample",
                MapElements.into(
                        TypeDescriptors.kvs(
                            TypeDescriptors.strings(), TypeDescriptor.of(ProblemTally.class)))
                    .via(ComputeMetrics::tally))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), SerializableCoder.of(ProblemTally.class)))
            .apply("PerProblem", Combine.perKey(ComputeMetrics::sum))
            .apply("Tallies", Values.create());

    PCollection<DatasetMetrics> perDataset =
        perProblem
            .apply(
                "ByDataset",
                MapElements.into(
                        TypeDescriptors.kvs(
                            TypeDescriptors.strings(), TypeDescriptor.of(ProblemTally.class)))
                    .via(t -> KV.of(t.datasetId(), t)))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), SerializableCoder.of(ProblemTally.class)))
            .apply("PerDataset", Combine.perKey(new AccumulateFn()))
            .apply(
                "DatasetResult",
                MapElements.into(TypeDescriptor.of(DatasetMetrics.class))
                    .via(kv -> kv.getValue().result(kv.getKey())))
            .setCoder(SerializableCoder.of(DatasetMetrics.class));

    PCollection<DatasetMetrics> aggregate =
        perProblem
            .apply("Aggregate", Combine.globally(new AccumulateFn()).withoutDefaults())
            .apply(
                "AggregateResult",
                MapElements.into(TypeDescriptor.of(DatasetMetrics.class))
                    .via(acc -> acc.result(DatasetMetrics.AGGREGATE)))
            .setCoder(SerializableCoder.of(DatasetMetrics.class));

    return PCollectionList.of(perDataset)
        .and(aggregate)
        .apply("AllMetrics", Flatten.pCollections())
        .setCoder(SerializableCoder.of(DatasetMetrics.class));
  }

  static KV<String, ProblemTally> tally(GradedSample s) {
    var g = s.generation();
    var r = g.request();
    ProblemTally one =
        ProblemTally.empty(r.datasetId(), r.problemId())
            .plus(s.status(), "length".equals(g.finishReason()), g.completionTokens());
    return KV.of(r.problemKey(), one);
  }

  static ProblemTally sum(Iterable<ProblemTally> tallies) {
    ProblemTally total = null;
    for (ProblemTally t : tallies) {
      total = total == null ? t : total.plus(t);
    }
    return total;
  }

  static final class AccumulateFn
      extends Combine.CombineFn<ProblemTally, MetricsAccumulator, MetricsAccumulator> {
    @Override
    public MetricsAccumulator createAccumulator() {
      return new MetricsAccumulator();
    }

    @Override
    public MetricsAccumulator addInput(MetricsAccumulator acc, ProblemTally tally) {
      return acc.add(tally);
    }

    @Override
    public MetricsAccumulator mergeAccumulators(Iterable<MetricsAccumulator> accs) {
      MetricsAccumulator merged = new MetricsAccumulator();
      for (MetricsAccumulator a : accs) {
        merged.merge(a);
      }
      return merged;
    }

    @Override
    public MetricsAccumulator extractOutput(MetricsAccumulator acc) {
      return acc;
    }
  }
}
