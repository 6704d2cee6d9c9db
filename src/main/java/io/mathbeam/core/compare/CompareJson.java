package io.mathbeam.core.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** The comparison and verdict as the JSON of {@code compare.json}; layout in docs/COMPARE.md. */
public final class CompareJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private CompareJson() {}

  public static ObjectNode toJson(ComparisonReport report, Verdict verdict) {
    ObjectNode root = NODES.objectNode();
    root.put("baseline", report.baselineName());
    root.put("candidate", report.candidateName());
    CompareOptions o = report.options();
    ObjectNode options = root.putObject("options");
    ArrayNode ks = options.putArray("ks");
    o.ks().forEach(ks::add);
    options.put("replicates", o.replicates());
    options.put("seed", o.seed());
    options.put("confidence", o.confidence());
    options.put("exact_flip_limit", o.exactFlipLimit());
    options.put("monte_carlo_flips", o.monteCarloFlips());
    options.put("solved_threshold", o.solvedThreshold());

    ObjectNode v = root.putObject("verdict");
    v.put("passed", verdict.passed());
    v.put("exit_code", verdict.exitCode());
    v.put("warnings", verdict.withStatus(RuleStatus.WARN).size());
    ArrayNode rules = v.putArray("rules");
    for (RuleResult r : verdict.results()) {
      ObjectNode rule = rules.addObject();
      rule.put("dataset", r.dataset());
      rule.put("rule", r.rule().describe());
      rule.put("metric", r.rule().metric().toString());
      rule.put("status", r.status().name());
      rule.put("reason", r.reason());
      if (r.power() != null) {
        power(rule.putObject("power"), r.power());
      }
    }

    ObjectNode datasets = root.putObject("datasets");
    for (DatasetComparison d : report.datasets()) {
      ObjectNode node = datasets.putObject(d.dataset());
      node.put("status", d.status().name());
      node.put("shared_problems", d.sharedProblems());
      strings(node.putArray("only_in_baseline"), d.onlyInBaseline());
      strings(node.putArray("only_in_candidate"), d.onlyInCandidate());
      strings(node.putArray("not_computed"), d.skipped());
      ObjectNode metrics = node.putObject("metrics");
      for (MetricComparison m : d.metrics()) {
        ObjectNode metric = metrics.putObject(m.metric().toString());
        metric.put("baseline", m.baseline());
        metric.put("candidate", m.candidate());
        metric.put("delta", m.delta());
        metric.put("ci_lower", m.ciLower());
        metric.put("ci_upper", m.ciUpper());
        metric.put("ci_level", o.confidence());
        metric.put("se", m.standardError());
        metric.put("p_two_sided", m.pTwoSided());
        metric.put("p_drop", m.pDrop());
        metric.put("non_zero_differences", m.test().nonZero());
        metric.put("exact_test", m.test().exact());
        metric.put("sign_flips", m.test().flips());
      }
      ArrayNode flipped = node.putArray("flipped");
      for (FlippedProblem f : d.flipped()) {
        ObjectNode flip = flipped.addObject();
        flip.put("problem_id", f.problemId());
        flip.put("direction", f.direction().name());
        flip.put("baseline_pass_at_1", f.baselineRate());
        flip.put("candidate_pass_at_1", f.candidateRate());
      }
    }
    return root;
  }

  private static void power(ObjectNode node, DetectionPower p) {
    node.put("level", p.level());
    node.put("se", p.standardError());
    node.put("margin", p.margin());
    node.put("power", DetectionPower.POWER);
    if (Double.isNaN(p.smallestDrop())) {
      node.putNull("smallest_drop_detected");
    } else {
      node.put("smallest_drop_detected", p.smallestDrop());
    }
    node.put("samples_now", p.samplesNow());
    if (!Double.isNaN(p.detect())) {
      node.put("detect", p.detect());
      if (Double.isNaN(p.samplesNeeded())) {
        node.putNull("samples_needed");
      } else if (Double.isInfinite(p.samplesNeeded())) {
        node.put("samples_needed", "unreachable");
      } else {
        node.put("samples_needed", (long) Math.max(1, p.samplesNeeded()));
      }
    }
    node.put("summary", p.describe());
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }
}
