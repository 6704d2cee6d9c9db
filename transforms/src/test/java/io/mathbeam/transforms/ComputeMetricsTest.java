package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.PassAtK;
import io.mathbeam.transforms.coders.GradedSampleCoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.junit.Rule;
import org.junit.Test;

public class ComputeMetricsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static GradedSample sample(
      String ds, String pid, int idx, GradeStatus status, String finish) {
    SampleRequest r = new SampleRequest(ds, pid, "q", List.of("1"), idx, 4, 100 + idx);
    Generation g =
        status == GradeStatus.REQUEST_ERROR
            ? Generation.builder(r)
                .latencyMs(5)
                .replica("r")
                .attempts(6)
                .error(ErrorClass.SERVER_ERROR, "503")
                .build()
            : Generation.builder(r)
                .text("t")
                .finishReason(finish)
                .promptTokens(10)
                .completionTokens(100)
                .latencyMs(5)
                .replica("r")
                .attempts(1)
                .build();
    return new GradedSample(g, null, status, 1);
  }

  @Test
  public void computesPerDatasetAndAggregatePassAtK() {
    List<GradedSample> samples = new ArrayList<>();
    // dataset a: p1 has 3/4 correct, p2 has 0/4 (one request error, one truncated)
    GradeStatus[] p1 = {
      GradeStatus.CORRECT, GradeStatus.CORRECT, GradeStatus.INCORRECT, GradeStatus.CORRECT
    };
    GradeStatus[] p2 = {
      GradeStatus.INCORRECT,
      GradeStatus.REQUEST_ERROR,
      GradeStatus.NO_ANSWER,
      GradeStatus.GRADER_ERROR
    };
    for (int i = 0; i < 4; i++) {
      samples.add(sample("a", "p1", i, p1[i], "stop"));
      samples.add(sample("a", "p2", i, p2[i], i == 2 ? "length" : "stop"));
      // dataset b: one problem, 1/4 correct
      samples.add(
          sample("b", "q1", i, i == 0 ? GradeStatus.CORRECT : GradeStatus.INCORRECT, "stop"));
    }
    PCollection<List<DatasetMetrics>> metrics =
        pipeline
            .apply(Create.of(samples).withCoder(GradedSampleCoder.of()))
            .apply(ComputeMetrics.create());
    PAssert.thatSingleton(metrics)
        .satisfies(
            all -> {
              // the datasets by name, then the aggregate
              assertEquals(
                  List.of("a", "b", DatasetMetrics.AGGREGATE),
                  all.stream().map(DatasetMetrics::dataset).toList());
              Map<String, DatasetMetrics> byName = new HashMap<>();
              all.forEach(m -> byName.put(m.dataset(), m));
              assertEquals(3, byName.size());
              DatasetMetrics a = byName.get("a");
              assertEquals(2, a.numProblems());
              assertEquals(8, a.numSamples());
              assertEquals(3 / 8.0, a.meanReward(), 1e-12);
              assertEquals(4, a.passAtK().size());
              for (int k = 1; k <= 4; k++) {
                double expected = (PassAtK.estimate(4, 3, k) + PassAtK.estimate(4, 0, k)) / 2;
                assertEquals(expected, a.passAtK().get(k - 1), 1e-12);
              }
              assertEquals(1, a.requestErrors());
              assertEquals(1, a.noAnswer());
              assertEquals(1, a.graderErrors());
              assertEquals(2, a.incorrect());
              assertEquals(1, a.truncated());
              DatasetMetrics agg = byName.get(DatasetMetrics.AGGREGATE);
              assertEquals(3, agg.numProblems());
              assertEquals(12, agg.numSamples());
              double expected1 =
                  (PassAtK.estimate(4, 3, 2)
                          + PassAtK.estimate(4, 0, 2)
                          + PassAtK.estimate(4, 1, 2))
                      / 3;
              assertEquals(expected1, agg.passAtK().get(1), 1e-12);
              return null;
            });
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void noSamplesGiveOneEmptyListWithoutAnAggregate() {
    PCollection<List<DatasetMetrics>> metrics =
        pipeline.apply(Create.empty(GradedSampleCoder.of())).apply(ComputeMetrics.create());
    PAssert.thatSingleton(metrics).isEqualTo(List.of());
    pipeline.run().waitUntilFinish();
  }
}
