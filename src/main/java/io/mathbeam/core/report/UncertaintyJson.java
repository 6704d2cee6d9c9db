package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.IntervalReport;
import io.mathbeam.core.stats.MetricInterval;
import io.mathbeam.core.stats.MetricKind;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.ProblemIntervals;
import io.mathbeam.core.stats.SamplingPrecision;
import io.mathbeam.core.stats.StandardErrorAtK;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Adds error bars and maj@k to a {@code metrics.json} tree (docs/STATISTICS.md says how they are
 * computed): every {@code pass_at_k} entry gains {@code se}, {@code ci95_lower} and {@code
 * ci95_upper}; each dataset gains {@code maj_at_k} (same fields), {@code pass_at_1_se_closed_form},
 * {@code se_vs_samples_per_problem} and {@code sampling_precision}. {@code _aggregate} is the micro
 * aggregate (problems pooled); {@code _aggregate_macro} holds the mean over datasets with its own
 * intervals.
 */
public final class UncertaintyJson {
  public static final String MACRO = "_aggregate_macro";

  private UncertaintyJson() {}

  public static void annotate(
      ObjectNode root,
      IntervalReport report,
      Map<String, Double> closedFormPassAt1,
      Map<String, List<StandardErrorAtK>> standardErrorAgainstK,
      Map<String, SamplingPrecision> precision) {
    ObjectNode method = root.putObject("uncertainty");
    method.put(
        "method",
        "problem-level: se = sqrt(S^2/N) of the per-problem values; 95% Jeffreys interval at the"
            + " effective sample size m(1-m)/se^2, for the population of problems");
    JsonNode datasets = root.path("datasets");
    for (Iterator<Map.Entry<String, JsonNode>> it = datasets.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      ObjectNode node = (ObjectNode) entry.getValue();
      String dataset = entry.getKey();
      annotateScope(node, report, dataset);
      Double closedForm = closedFormPassAt1.get(dataset);
      if (closedForm != null) {
        MetricsJson.putNumber(node, "pass_at_1_se_closed_form", closedForm);
      }
      ArrayNode table = node.putArray("se_vs_samples_per_problem");
      for (StandardErrorAtK row : standardErrorAgainstK.getOrDefault(dataset, List.of())) {
        ObjectNode r = table.addObject().put("samples_per_problem", row.samplesPerProblem());
        MetricsJson.putNumber(r, "pass_at_1_se", row.standardError());
        MetricsJson.putNumber(r, "pass_at_1_se_fixed_problems", row.fixedProblemsStandardError());
      }
      SamplingPrecision p = precision.get(dataset);
      if (p != null) {
        putPrecision(node.putObject("sampling_precision"), p);
      }
    }
    if (root.get(DatasetMetrics.AGGREGATE) instanceof ObjectNode aggregate) {
      aggregate.put("weighting", "micro: every problem of every dataset counts once");
      annotateScope(aggregate, report, ProblemIntervals.MICRO);
    }
    ObjectNode macro = root.putObject(MACRO);
    macro.put("weighting", "macro: the mean of the datasets' values");
    macro.set("pass_at_k", intervals(report, ProblemIntervals.MACRO, MetricKind.PASS));
    macro.set("maj_at_k", intervals(report, ProblemIntervals.MACRO, MetricKind.MAJ));
  }

  private static void annotateScope(ObjectNode node, IntervalReport report, String scope) {
    if (node.get("pass_at_k") instanceof ArrayNode pass) {
      for (JsonNode p : pass) {
        Optional<MetricInterval> interval =
            report.find(scope, MetricName.pass(p.path("k").asInt()));
        interval.ifPresent(i -> putInterval((ObjectNode) p, i));
      }
    }
    node.set("maj_at_k", intervals(report, scope, MetricKind.MAJ));
  }

  private static ArrayNode intervals(IntervalReport report, String scope, MetricKind kind) {
    ArrayNode out = MetricsJson.JSON.createArrayNode();
    for (MetricInterval i : report.intervals()) {
      if (i.scope().equals(scope) && i.metric().kind() == kind) {
        ObjectNode o = out.addObject().put("k", i.metric().k());
        MetricsJson.putNumber(o, "value", i.point());
        putInterval(o, i);
      }
    }
    return out;
  }

  /** The half-widths now and the samples per problem that +-1 and +-2 points would have needed. */
  private static void putPrecision(ObjectNode o, SamplingPrecision p) {
    MetricsJson.putNumber(o, "pass_at_1_half_width", p.halfWidth());
    MetricsJson.putNumber(o, "problem_sampling_half_width", p.problemSamplingHalfWidth());
    for (int points : new int[] {1, 2}) {
      int k = p.samplesPerProblemFor(points / 100.0);
      String field = "samples_per_problem_for_" + points + (points == 1 ? "_point" : "_points");
      if (k > 0) {
        o.put(field, k);
      } else {
        o.putNull(field);
      }
    }
  }

  private static void putInterval(ObjectNode o, MetricInterval i) {
    MetricsJson.putNumber(o, "se", i.standardError());
    MetricsJson.putNumber(o, "ci95_lower", i.lower());
    MetricsJson.putNumber(o, "ci95_upper", i.upper());
  }
}
