package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.report.MetricsJson;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.DistributionResult;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;

/**
 * The pipeline's Beam metrics in the {@code mathbeam} namespace (requests, retries, errors by
 * class, tokens, latency), read from a running or finished job.
 */
public final class RunCounters {
  static final String NAMESPACE = "mathbeam";

  private final Map<String, Long> counters;
  private final Map<String, DistributionResult> distributions;

  private RunCounters(Map<String, Long> counters, Map<String, DistributionResult> distributions) {
    this.counters = counters;
    this.distributions = distributions;
  }

  /** Counters kept by hand, for work done outside a pipeline (the regrade floor). */
  public static RunCounters of(Map<String, Long> counters) {
    return new RunCounters(new TreeMap<>(counters), new TreeMap<>());
  }

  public static RunCounters of(PipelineResult result) {
    Map<String, Long> counters = new TreeMap<>();
    Map<String, DistributionResult> distributions = new TreeMap<>();
    MetricQueryResults metrics = result.metrics().queryMetrics(MetricsFilter.builder().build());
    for (MetricResult<Long> c : metrics.getCounters()) {
      if (NAMESPACE.equals(c.getName().getNamespace())) {
        counters.merge(c.getName().getName(), c.getAttempted(), Long::sum);
      }
    }
    for (MetricResult<DistributionResult> d : metrics.getDistributions()) {
      if (NAMESPACE.equals(d.getName().getNamespace())) {
        distributions.put(d.getName().getName(), d.getAttempted());
      }
    }
    return new RunCounters(counters, distributions);
  }

  long counter(String name) {
    return counters.getOrDefault(name, 0L);
  }

  ObjectNode toJson() {
    ObjectNode o = MetricsJson.JSON.createObjectNode();
    counters.forEach(o::put);
    distributions.forEach(
        (name, d) ->
            o.putObject(name)
                .put("count", d.getCount())
                .put("sum", d.getSum())
                .put("min", d.getCount() == 0 ? 0 : d.getMin())
                .put("max", d.getCount() == 0 ? 0 : d.getMax())
                .put("mean", d.getCount() == 0 ? 0.0 : (double) d.getSum() / d.getCount()));
    return o;
  }
}
