package io.mathbeam.core.compare;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.stats.MetricName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The rules a candidate must pass, read from a JSON gate file: an array of rule objects, or an
 * object {@code {"rules": [...]}}. A rule is either
 *
 * <pre>
 * {"dataset": "aime24", "metric": "pass@1", "expected": 0.35, "tolerance": 0.05}
 * {"dataset": "*", "metric": "pass@1", "no_significant_drop": true, "alpha": 0.05}
 * </pre>
 *
 * <p>{@code tolerance} defaults to 0, {@code two_sided} to false, {@code alpha} to 0.05; {@code
 * "*"} means every dataset of the baseline. Unknown keys, duplicate keys and rules that are both
 * kinds are errors. See docs/COMPARE.md.
 *
 * @param source the file the rules came from, for messages
 */
public record Gate(String source, List<GateRule> rules) {
  private static final Set<String> KEYS =
      Set.of(
          "dataset",
          "metric",
          "expected",
          "tolerance",
          "two_sided",
          "no_significant_drop",
          "alpha");
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  public Gate {
    rules = List.copyOf(rules);
  }

  /** No significant drop of pass@1 at alpha 0.05 on every dataset of the baseline. */
  public static Gate defaultGate() {
    return new Gate(
        "default gate",
        List.of(
            new NoSignificantDropRule(
                GateRule.ANY_DATASET, MetricName.pass(1), NoSignificantDropRule.DEFAULT_ALPHA)));
  }

  /** Reads a gate file (UTF-8 JSON). */
  public static Gate read(Path file) throws GateFileException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GateFileException(file.toString(), -1, null, "cannot read: " + e, e);
    }
    return parse(text, file.toString());
  }

  /** Parses gate JSON; {@code source} names it in errors. */
  public static Gate parse(String json, String source) throws GateFileException {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new GateFileException(source, -1, null, "not valid JSON: " + e.getOriginalMessage(), e);
    }
    JsonNode list = root;
    if (root != null && root.isObject()) {
      Iterator<String> names = root.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        if (!name.equals("rules")) {
          throw new GateFileException(
              source, -1, name, "unknown key; the object holds only 'rules'");
        }
      }
      list = root.get("rules");
    }
    if (list == null || !list.isArray()) {
      throw new GateFileException(
          source, -1, null, "want a JSON array of rules or an object {\"rules\": [...]}");
    }
    if (list.isEmpty()) {
      throw new GateFileException(source, -1, "rules", "no rules: such a gate passes anything");
    }
    List<GateRule> rules = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      rules.add(rule(list.get(i), source, i));
    }
    return new Gate(source, rules);
  }

  private static GateRule rule(JsonNode node, String source, int index) throws GateFileException {
    if (!node.isObject()) {
      throw new GateFileException(source, index, null, "a rule must be a JSON object");
    }
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!KEYS.contains(name)) {
        throw new GateFileException(
            source, index, name, "unknown key; known keys are " + new java.util.TreeSet<>(KEYS));
      }
    }
    String dataset = text(node, "dataset", source, index);
    if (dataset.isBlank()) {
      throw new GateFileException(source, index, "dataset", "must not be blank (use \"*\")");
    }
    String metricText = text(node, "metric", source, index);
    MetricName metric;
    try {
      metric = MetricName.parse(metricText);
    } catch (IllegalArgumentException e) {
      throw new GateFileException(source, index, "metric", e.getMessage(), e);
    }
    boolean threshold = node.has("expected");
    boolean noDrop = node.has("no_significant_drop");
    if (threshold == noDrop) {
      throw new GateFileException(
          source,
          index,
          threshold ? "no_significant_drop" : "expected",
          "a rule has exactly one of 'expected' (a threshold) or 'no_significant_drop'");
    }
    if (threshold) {
      forbid(node, "alpha", "only goes with 'no_significant_drop'", source, index);
      double expected = number(node, "expected", Double.NaN, source, index);
      if (expected < 0 || expected > 1) {
        throw new GateFileException(
            source,
            index,
            "expected",
            "must be a fraction in [0, 1] (0.35 for 35%), got " + expected);
      }
      double tolerance = number(node, "tolerance", 0.0, source, index);
      if (tolerance < 0 || tolerance > 1) {
        throw new GateFileException(
            source, index, "tolerance", "must be in [0, 1], got " + tolerance);
      }
      boolean twoSided = flag(node, "two_sided", false, source, index);
      return new ThresholdRule(dataset, metric, expected, tolerance, twoSided);
    }
    forbid(node, "tolerance", "only goes with 'expected'", source, index);
    forbid(node, "two_sided", "only goes with 'expected'", source, index);
    if (!flag(node, "no_significant_drop", false, source, index)) {
      throw new GateFileException(
          source, index, "no_significant_drop", "must be true (remove the rule to drop it)");
    }
    double alpha = number(node, "alpha", NoSignificantDropRule.DEFAULT_ALPHA, source, index);
    if (!(alpha > 0 && alpha < 1)) {
      throw new GateFileException(source, index, "alpha", "must be in (0, 1), got " + alpha);
    }
    return new NoSignificantDropRule(dataset, metric, alpha);
  }

  private static String text(JsonNode node, String key, String source, int index)
      throws GateFileException {
    JsonNode value = node.get(key);
    if (value == null) {
      throw new GateFileException(source, index, key, "missing");
    }
    if (!value.isTextual()) {
      throw new GateFileException(source, index, key, "must be a string, got " + value);
    }
    return value.asText().trim();
  }

  private static double number(JsonNode node, String key, double absent, String source, int index)
      throws GateFileException {
    JsonNode value = node.get(key);
    if (value == null) {
      return absent;
    }
    if (!value.isNumber()) {
      throw new GateFileException(source, index, key, "must be a number, got " + value);
    }
    return value.asDouble();
  }

  private static boolean flag(JsonNode node, String key, boolean absent, String source, int index)
      throws GateFileException {
    JsonNode value = node.get(key);
    if (value == null) {
      return absent;
    }
    if (!value.isBoolean()) {
      throw new GateFileException(source, index, key, "must be true or false, got " + value);
    }
    return value.asBoolean();
  }

  private static void forbid(JsonNode node, String key, String why, String source, int index)
      throws GateFileException {
    if (node.has(key)) {
      throw new GateFileException(source, index, key, why);
    }
  }
}
