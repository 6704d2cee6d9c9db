package io.mathbeam.pipelines.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mathbeam.core.report.TokenPrice;
import io.mathbeam.core.text.NearestName;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A sweep: models x benchmarks x K, run as one job. YAML ({@code .yaml}, {@code .yml}) or JSON:
 *
 * <pre>
 * benchmarks: [aime24:64, math500:4]     # for every model unless it names its own
 * models:
 *   - name: r1-distill-1.5b               # the results go to OUTPUT/r1-distill-1.5b/
 *     endpoints: [http://gpu1:8000, http://gpu2:8000]
 *     model: deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B   # optional served name
 *     sampling: {temperature: 0.6, top_p: 0.95, max_tokens: 32768}
 *   - name: qwen-7b
 *     endpoints: [http://gpu3:8000]
 *     benchmarks: [aime24:16]
 *     price_per_million_tokens: [0.15, 0.60]   # IN, OUT: over --pricePerMillionTokens
 * </pre>
 *
 * Each model becomes the {@code eval} arguments it would have on its own; anything else on the
 * command line applies to every model. Errors name the file and the field.
 */
record SweepFile(List<Entry> models) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final List<String> TOP_KEYS = List.of("models", "benchmarks", "precision");

  /** The eval option a {@code precision} key becomes (docs/SWEEPS.md). */
  static final String PRECISION_OPTION = "--precision";

  private static final List<String> MODEL_KEYS =
      List.of(
          "name",
          "endpoints",
          "model",
          "sampling",
          "benchmarks",
          "api",
          "price_per_million_tokens",
          "precision");

  /** The eval option a model's {@code price_per_million_tokens} becomes. */
  static final String PRICE_OPTION = "--pricePerMillionTokens";

  private static final List<String> SAMPLING_KEYS =
      List.of("temperature", "top_p", "top_k", "min_p", "max_tokens", "seed");
  private static final Map<String, String> SAMPLING =
      Map.of(
          "temperature", "temperature",
          "top_p", "topP",
          "top_k", "topK",
          "min_p", "minP",
          "max_tokens", "maxTokens",
          "seed", "seed");

  /** One model of the sweep and the eval arguments that make it. */
  record Entry(String name, List<String> args) {}

  /** Reads a sweep file, local or on any Beam file system. */
  static SweepFile read(String file) throws IOException {
    String name = file.toLowerCase(Locale.ROOT);
    ObjectMapper mapper =
        name.endsWith(".yaml") || name.endsWith(".yml")
            ? new ObjectMapper(new YAMLFactory())
            : new ObjectMapper();
    JsonNode root;
    try {
      root = mapper.readTree(Storage.readString(file));
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": not valid YAML/JSON: " + e.getMessage(), e);
    }
    return parse(root, file);
  }

  static SweepFile parse(JsonNode root, String source) {
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(source + ": a sweep file is an object with 'models'");
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String field = it.next();
      if (!TOP_KEYS.contains(field)) {
        throw new IllegalArgumentException(
            source + ": unknown key '" + field + "'" + NearestName.hint(field, TOP_KEYS));
      }
    }
    JsonNode models = root.path("models");
    if (!models.isArray() || models.isEmpty()) {
      throw new IllegalArgumentException(source + ": 'models' must be a non-empty list");
    }
    String defaultBenchmarks = list(root.get("benchmarks"), source + ": benchmarks");
    String defaultPrecision = precision(root.get("precision"), source + ": precision");
    List<Entry> entries = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < models.size(); i++) {
      String where = source + ": models[" + i + "]";
      JsonNode m = models.get(i);
      if (!m.isObject()) {
        throw new IllegalArgumentException(where + " must be an object");
      }
      for (Iterator<String> it = m.fieldNames(); it.hasNext(); ) {
        String field = it.next();
        if (!MODEL_KEYS.contains(field)) {
          throw new IllegalArgumentException(
              where + ": unknown key '" + field + "'" + NearestName.hint(field, MODEL_KEYS));
        }
      }
      String modelName = m.path("name").asText("");
      if (!NAME.matcher(modelName).matches()) {
        throw new IllegalArgumentException(
            where
                + ".name: needs a name of letters, digits, '.', '_' or '-' (it names the"
                + " output directory), got '"
                + modelName
                + "'");
      }
      if (!names.add(modelName)) {
        throw new IllegalArgumentException(where + ".name: '" + modelName + "' appears twice");
      }
      List<String> args = new ArrayList<>();
      String endpoints = list(m.get("endpoints"), where + ".endpoints");
      if (endpoints != null) {
        args.add("--endpoints=" + endpoints);
      }
      if (m.hasNonNull("model")) {
        args.add("--model=" + m.get("model").asText());
      }
      if (m.hasNonNull("api")) {
        args.add("--api=" + m.get("api").asText());
      }
      String benchmarks = list(m.get("benchmarks"), where + ".benchmarks");
      benchmarks = benchmarks != null ? benchmarks : defaultBenchmarks;
      if (benchmarks == null) {
        throw new IllegalArgumentException(
            where + ": no benchmarks (give 'benchmarks' at the top or for the model)");
      }
      args.add("--benchmarks=" + benchmarks);
      JsonNode sampling = m.path("sampling");
      if (!sampling.isMissingNode() && !sampling.isObject()) {
        throw new IllegalArgumentException(where + ".sampling must be an object");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = sampling.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String option = SAMPLING.get(e.getKey());
        if (option == null) {
          throw new IllegalArgumentException(
              where
                  + ".sampling: unknown key '"
                  + e.getKey()
                  + "'"
                  + NearestName.hint(e.getKey(), SAMPLING_KEYS)
                  + "; known: "
                  + SAMPLING_KEYS);
        }
        if (!e.getValue().isNumber()) {
          throw new IllegalArgumentException(
              where + ".sampling." + e.getKey() + ": expected a number, got " + e.getValue());
        }
        args.add("--" + option + "=" + e.getValue().asText());
      }
      String precision = precision(m.get("precision"), where + ".precision");
      precision = precision != null ? precision : defaultPrecision;
      if (precision != null) {
        args.add(PRECISION_OPTION + "=" + precision);
      }
      if (m.has("price_per_million_tokens")) {
        args.add(PRICE_OPTION + "=" + price(m.get("price_per_million_tokens"), where));
      }
      entries.add(new Entry(modelName, args));
    }
    return new SweepFile(entries);
  }

  /** A half-width in (0, 0.5], as text; null without the key. */
  private static String precision(JsonNode node, String where) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isNumber() || !(node.asDouble() > 0 && node.asDouble() <= 0.5)) {
      throw new IllegalArgumentException(
          where + ": a half-width of pass@1 in (0, 0.5] (0.01 is one point), got " + node);
    }
    return node.asText();
  }

  /** {@code [IN, OUT]}, two numbers >= 0, as the option's {@code IN,OUT}; or {@code none}. */
  private static String price(JsonNode node, String where) {
    if (node.isTextual() && node.asText().equals(TokenPrice.NONE)) {
      return TokenPrice.NONE;
    }
    if (!node.isArray()
        || node.size() != 2
        || !node.get(0).isNumber()
        || !node.get(1).isNumber()
        || node.get(0).asDouble() < 0
        || node.get(1).asDouble() < 0) {
      throw new IllegalArgumentException(
          where
              + ".price_per_million_tokens: expected [IN, OUT], two numbers >= 0 (the price of a"
              + " million prompt and of a million completion tokens) or 'none', got "
              + node);
    }
    return node.get(0).asText() + "," + node.get(1).asText();
  }

  /** A list (or one string) as comma-separated text; null when absent. */
  private static String list(JsonNode node, String where) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.isTextual()) {
      return node.asText();
    }
    if (!node.isArray() || node.isEmpty()) {
      throw new IllegalArgumentException(where + ": expected a list of strings");
    }
    List<String> items = new ArrayList<>();
    for (JsonNode item : node) {
      if (!item.isTextual()) {
        throw new IllegalArgumentException(where + ": expected a list of strings");
      }
      items.add(item.asText());
    }
    return String.join(",", items);
  }
}
