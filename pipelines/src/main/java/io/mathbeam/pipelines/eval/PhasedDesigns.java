package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.IntervalReport;
import io.mathbeam.core.stats.MetricInterval;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.core.stats.PhasedDesign;
import io.mathbeam.core.stats.ProblemIntervals;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@link PhasedDesign}s of a run's datasets in its metrics.json: {@code
 * datasets.<id>.allocation = {"method": "adaptive", "first_phase": n1, "phase_weights": [...],
 * "problem_phases": {"<problem id>": [n1, m2, ...], ...}}}, written before the run's statistics are
 * computed, so that they, the report, {@code compare} and the gate read the samples as they were
 * drawn.
 */
final class PhasedDesigns {
  static final String FIELD = "allocation";

  private PhasedDesigns() {}

  static void put(ObjectNode root, String dataset, PhasedDesign design) {
    if (!(root.path("datasets").get(dataset) instanceof ObjectNode node)) {
      return;
    }
    ObjectNode o = node.putObject(FIELD);
    o.put("method", "adaptive");
    o.put("first_phase", design.firstPhase());
    ArrayNode weights = o.putArray("phase_weights");
    for (double w : design.weights()) {
      weights.add(w);
    }
    ObjectNode problems = o.putObject("problem_phases");
    design
        .problemPhases()
        .forEach(
            (id, counts) -> {
              ArrayNode a = problems.putArray(id);
              for (int m : counts) {
                a.add(m);
              }
            });
  }

  /** The designs in a metrics.json tree, by dataset; empty for a run without any. */
  static Map<String, PhasedDesign> read(JsonNode root) {
    Map<String, PhasedDesign> out = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("datasets").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode o = e.getValue().path(FIELD);
      if (!o.isObject()) {
        continue;
      }
      Map<String, int[]> phases = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> p = o.path("problem_phases").fields();
          p.hasNext(); ) {
        Map.Entry<String, JsonNode> problem = p.next();
        int[] counts = new int[problem.getValue().size()];
        for (int s = 0; s < counts.length; s++) {
          counts[s] = problem.getValue().get(s).asInt();
        }
        phases.put(problem.getKey(), counts);
      }
      try {
        out.put(e.getKey(), new PhasedDesign(o.path("first_phase").asInt(), phases));
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException(
            "metrics.json datasets." + e.getKey() + "." + FIELD + ": " + bad.getMessage(), bad);
      }
    }
    return out;
  }

  /** The designs in the run at {@code outputDir}'s metrics.json; empty when it has none. */
  static Map<String, PhasedDesign> read(String outputDir) throws IOException {
    String metrics = Storage.resolve(outputDir, "metrics.json");
    return Storage.exists(metrics)
        ? read(RunOutputs.readJson(outputDir, "metrics.json"))
        : Map.of();
  }

  /**
   * The pass@k values in metrics.json of a dataset sampled in phases: pass@1 the mean of the phased
   * estimates, pass@k for k >= 2 over the uniform first phase (the intervals' points), and no k
   * above n1; the aggregates' pass@k likewise from the intervals.
   */
  static void annotateValues(
      ObjectNode root, IntervalReport report, Map<String, PhasedDesign> designs) {
    if (designs.isEmpty()) {
      return;
    }
    designs.forEach(
        (dataset, design) -> {
          if (root.path("datasets").get(dataset) instanceof ObjectNode node) {
            replace(node, report, dataset, design.firstPhase());
          }
        });
    if (root.get("_aggregate") instanceof ObjectNode aggregate) {
      replace(aggregate, report, ProblemIntervals.MICRO, Integer.MAX_VALUE);
    }
  }

  private static void replace(ObjectNode node, IntervalReport report, String scope, int mostK) {
    if (!(node.get("pass_at_k") instanceof ArrayNode pass)) {
      return;
    }
    for (int i = pass.size() - 1; i >= 0; i--) {
      ObjectNode entry = (ObjectNode) pass.get(i);
      int k = entry.path("k").asInt();
      Optional<MetricInterval> interval = report.find(scope, MetricName.pass(k));
      if (k > mostK || interval.isEmpty()) {
        pass.remove(i);
      } else {
        entry.put("value", interval.get().point());
      }
    }
  }
}
