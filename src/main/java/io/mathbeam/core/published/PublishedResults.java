package io.mathbeam.core.published;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.stats.MetricName;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The registry of published results shipped with mathbeam ({@value #RESOURCE}): per source, its
 * title, address and sampling, and per model the values it reports. {@code --reported=auto} looks
 * the served model up here; {@code mathbeam reported list} prints it.
 *
 * <p>The file is read strictly: an unknown key, a metric that is not {@code pass@k} / {@code maj@k}
 * or a value outside [0, 100] fails loading, so a typo in the registry fails its test instead of
 * silently dropping a number.
 */
public final class PublishedResults {
  public static final String RESOURCE = "/io/mathbeam/published-results.json";

  private static final Set<String> ROOT_KEYS = Set.of("description", "sources");
  private static final Set<String> SOURCE_KEYS = Set.of("title", "url", "sampling", "models");
  private static final Set<String> SAMPLING_KEYS =
      Set.of("temperature", "top_p", "max_tokens", "samples");
  private static final Set<String> MODEL_KEYS = Set.of("name", "aliases", "results");
  private static final Set<String> RESULT_KEYS =
      Set.of("dataset", "metric", "value", "samples", "note");

  private final List<PublishedModel> models;

  private PublishedResults(List<PublishedModel> models) {
    this.models = List.copyOf(models);
  }

  /** The registry shipped in the jar. */
  public static PublishedResults builtin() {
    try (InputStream in = PublishedResults.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RESOURCE);
      }
      return parse(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }

  static PublishedResults parse(JsonNode root) {
    keys(root, ROOT_KEYS, "the registry");
    List<PublishedModel> models = new ArrayList<>();
    for (JsonNode source : root.path("sources")) {
      String title = text(source, "title", "a source");
      keys(source, SOURCE_KEYS, title);
      String url = text(source, "url", title);
      PublishedSampling sampling = sampling(source.path("sampling"), title);
      for (JsonNode model : source.path("models")) {
        String name = text(model, "name", title);
        keys(model, MODEL_KEYS, name);
        List<String> aliases = new ArrayList<>();
        model.path("aliases").forEach(a -> aliases.add(a.asText()));
        List<PublishedValue> values = new ArrayList<>();
        for (JsonNode result : model.path("results")) {
          values.add(value(result, sampling, name));
        }
        models.add(new PublishedModel(name, aliases, title, url, values));
      }
    }
    return new PublishedResults(models);
  }

  public List<PublishedModel> models() {
    return models;
  }

  /** The model a served model name means (see {@link PublishedModel#matches}), if registered. */
  public Optional<PublishedModel> find(String servedModel) {
    return servedModel == null
        ? Optional.empty()
        : models.stream().filter(m -> m.matches(servedModel)).findFirst();
  }

  private static PublishedValue value(JsonNode result, PublishedSampling sampling, String model) {
    String dataset = text(result, "dataset", model);
    String where = model + " / " + dataset;
    keys(result, RESULT_KEYS, where);
    MetricName metric = MetricName.parse(text(result, "metric", where));
    double percent = result.path("value").asDouble(-1);
    if (!result.path("value").isNumber() || percent < 0 || percent > 100) {
      throw new IllegalArgumentException(
          where + ": 'value' must be a percentage in [0, 100], got " + result.get("value"));
    }
    Integer samples = result.has("samples") ? result.get("samples").asInt() : null;
    return new PublishedValue(
        dataset,
        metric,
        percent / 100,
        sampling.withSamples(samples),
        result.path("note").asText(""));
  }

  private static PublishedSampling sampling(JsonNode node, String where) {
    if (node.isMissingNode()) {
      return PublishedSampling.UNSTATED;
    }
    keys(node, SAMPLING_KEYS, where + " sampling");
    return new PublishedSampling(
        node.has("temperature") ? node.get("temperature").asDouble() : null,
        node.has("top_p") ? node.get("top_p").asDouble() : null,
        node.has("max_tokens") ? node.get("max_tokens").asInt() : null,
        node.has("samples") ? node.get("samples").asInt() : null);
  }

  private static String text(JsonNode node, String key, String where) {
    JsonNode value = node.get(key);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new IllegalArgumentException(where + ": missing '" + key + "'");
    }
    return value.asText();
  }

  private static void keys(JsonNode node, Set<String> known, String where) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!known.contains(key)) {
        throw new IllegalArgumentException(where + ": unknown key '" + key + "'");
      }
    }
  }
}
