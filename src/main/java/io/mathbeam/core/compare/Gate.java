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
 * object {@code {"rules": [...], "alpha": 0.05}}. A rule is either
 *
 * <pre>
 * {"dataset": "aime24", "metric": "pass@1", "expected": 0.35, "tolerance": 0.05}
 * {"dataset": "*", "metric": "pass@1", "no_significant_drop": true, "margin": 1.0}
 * {"dataset": "aime24", "metric": "maj@16", "no_significant_drop": true, "alpha": 0.01}
 * </pre>
 *
 * <p>{@code tolerance} defaults to 0, {@code two_sided} to false, {@code margin} (points) to 0;
 * {@code "*"} means every dataset of the baseline. A drop rule without {@code alpha} joins the
 * family whose chance of any false failure is the gate's {@code alpha} (default 0.05); with its own
 * {@code alpha} it is tested alone at that level. Unknown keys, duplicate keys and rules that are
 * both kinds are errors. See docs/COMPARE.md.
 *
 * @param source the file the rules came from, for messages
 * @param familyAlpha the chance of any false failure among the family's drop tests
 */
public record Gate(String source, List<GateRule> rules, double familyAlpha) {
  public static final double DEFAULT_ALPHA = 0.05;

  private static final Set<String> KEYS =
      Set.of(
          "dataset",
          "metric",
          "expected",
          "tolerance",
          "two_sided",
          "no_significant_drop",
          "alpha",
          "margin");
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  public Gate {
    rules = List.copyOf(rules);
    if (!(familyAlpha > 0 && familyAlpha < 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1), got " + familyAlpha);
    }
  }

  /** Rules whose drop tests form a family at {@value #DEFAULT_ALPHA}. */
  public Gate(String source, List<GateRule> rules) {
    this(source, rules, DEFAULT_ALPHA);
  }

  /**
   * No significant drop of pass@1 on any dataset of the baseline, with the chance of a false
   * failure on any of them held at {@value #DEFAULT_ALPHA}.
   */
  public static Gate defaultGate() {
    return new Gate(
        "default gate",
        List.of(NoSignificantDropRule.familyWise(GateRule.ANY_DATASET, MetricName.pass(1))),
        DEFAULT_ALPHA);
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
    double familyAlpha = DEFAULT_ALPHA;
    if (root != null && root.isObject()) {
      Iterator<String> names = root.fieldNames();
      while (names.hasNext()) {
        String name = names.next();
        if (!name.equals("rules") && !name.equals("alpha")) {
          throw new GateFileException(
              source, -1, name, "unknown key; the object holds only 'rules' and 'alpha'");
        }
      }
      familyAlpha = number(root, "alpha", DEFAULT_ALPHA, source, -1);
      if (!(familyAlpha > 0 && familyAlpha < 1)) {
        throw new GateFileException(source, -1, "alpha", "must be in (0, 1), got " + familyAlpha);
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
    return new Gate(source, rules, familyAlpha);
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
      forbid(node, "margin", "only goes with 'no_significant_drop'", source, index);
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
    Double alpha = null;
    if (node.has("alpha")) {
      alpha = number(node, "alpha", Double.NaN, source, index);
      if (!(alpha > 0 && alpha < 1)) {
        throw new GateFileException(source, index, "alpha", "must be in (0, 1), got " + alpha);
      }
    }
    double margin = number(node, "margin", 0.0, source, index);
    if (!(margin >= 0 && margin < 100)) {
      throw new GateFileException(
          source, index, "margin", "must be in points, in [0, 100), got " + margin);
    }
    return new NoSignificantDropRule(dataset, metric, margin / 100, alpha);
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
