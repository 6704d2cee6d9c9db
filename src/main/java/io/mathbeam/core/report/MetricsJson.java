package io.mathbeam.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.DatasetMetrics;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@code metrics.json} document: one object per dataset, {@code _aggregate}, and the run
 * manifest. Field names are part of the output contract documented in the README.
 */
public final class MetricsJson {
  public static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private MetricsJson() {}

  public static ObjectNode toJson(List<DatasetMetrics> metrics, JsonNode manifest) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode datasets = root.putObject("datasets");
    for (DatasetMetrics m : sorted(metrics)) {
      if (!m.isAggregate()) {
        datasets.set(m.dataset(), toJson(m));
      }
    }
    metrics.stream()
        .filter(DatasetMetrics::isAggregate)
        .findFirst()
        .ifPresent(m -> root.set(DatasetMetrics.AGGREGATE, toJson(m)));
    root.set("manifest", manifest == null ? JSON.createObjectNode() : manifest);
    return root;
  }

  public static ObjectNode toJson(DatasetMetrics m) {
    ObjectNode o = JSON.createObjectNode();
    o.put("num_problems", m.numProblems());
    o.put("num_samples", m.numSamples());
    o.put("mean_reward", m.meanReward());
    ArrayNode pass = o.putArray("pass_at_k");
    for (int k = 1; k <= m.passAtK().size(); k++) {
      pass.addObject().put("k", k).put("value", m.passAtK().get(k - 1));
    }
    ObjectNode counts = o.putObject("counts");
    counts.put("correct", m.correct());
    counts.put("incorrect", m.incorrect());
    counts.put("no_answer", m.noAnswer());
    counts.put("request_error", m.requestErrors());
    counts.put("unparseable", m.unparseable());
    counts.put("grader_timeout", m.graderTimeouts());
    counts.put("grader_error", m.graderErrors());
    counts.put("judge_error", m.judgeErrors());
    counts.put("truncated", m.truncated());
    o.put("mean_completion_tokens", m.meanCompletionTokens());
    return o;
  }

  /** Parses a metrics.json document back into metrics (the manifest is left out). */
  public static List<DatasetMetrics> parse(JsonNode root) {
    List<DatasetMetrics> out = new ArrayList<>();
    root.path("datasets")
        .fields()
        .forEachRemaining(e -> out.add(fromJson(e.getKey(), e.getValue())));
    if (root.has(DatasetMetrics.AGGREGATE)) {
      out.add(fromJson(DatasetMetrics.AGGREGATE, root.get(DatasetMetrics.AGGREGATE)));
    }
    return out;
  }

  private static DatasetMetrics fromJson(String name, JsonNode o) {
    List<Double> pass = new ArrayList<>();
    o.path("pass_at_k").forEach(p -> pass.add(p.path("value").asDouble()));
    JsonNode c = o.path("counts");
    return new DatasetMetrics(
        name,
        o.path("num_problems").asInt(),
        o.path("num_samples").asLong(),
        o.path("mean_reward").asDouble(),
        pass,
        c.path("correct").asLong(),
        c.path("incorrect").asLong(),
        c.path("no_answer").asLong(),
        c.path("request_error").asLong(),
        c.path("unparseable").asLong(),
        c.path("grader_timeout").asLong(),
        c.path("grader_error").asLong(),
        c.path("judge_error").asLong(),
        c.path("truncated").asLong(),
        o.path("mean_completion_tokens").asDouble());
  }

  /** JSON has no NaN: an undefined figure is written as null. */
  public static void putNumber(ObjectNode o, String field, double value) {
    if (Double.isFinite(value)) {
      o.put(field, value);
    } else {
      o.putNull(field);
    }
  }

  public static String write(ObjectNode root) {
    try {
      return JSON.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<DatasetMetrics> sorted(List<DatasetMetrics> metrics) {
    List<DatasetMetrics> out = new ArrayList<>(metrics);
    out.sort(Comparator.comparing(DatasetMetrics::dataset));
    return out;
  }
}
