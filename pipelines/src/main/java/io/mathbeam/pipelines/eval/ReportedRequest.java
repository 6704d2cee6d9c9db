package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.published.PublishedModel;
import io.mathbeam.core.published.PublishedResults;
import io.mathbeam.core.published.PublishedValue;
import io.mathbeam.core.published.SamplingDifferences;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.ReportedValue;
import io.mathbeam.core.stats.ReportedValues;
import io.mathbeam.core.stats.ReportedValuesException;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code --reported} asks for: nothing, the values of a file (read when the run is prepared,
 * so a typo costs no run), or {@code auto}: the registry's published results for the model the run
 * served ({@link PublishedResults}), looked up when the run ends, from its manifest.
 */
public final class ReportedRequest {
  static final String AUTO = "auto";
  public static final ReportedRequest NONE = new ReportedRequest(false, List.of());

  private final boolean auto;
  private final List<ReportedValue> fileValues;

  private ReportedRequest(boolean auto, List<ReportedValue> fileValues) {
    this.auto = auto;
    this.fileValues = List.copyOf(fileValues);
  }

  static ReportedRequest fileValues(List<ReportedValue> values) {
    return new ReportedRequest(false, values);
  }

  /** The request of an option value: null for none, {@code auto}, or a file on any file system. */
  public static ReportedRequest of(String option) throws ReportedValuesException {
    if (option == null) {
      return NONE;
    }
    if (option.trim().equalsIgnoreCase(AUTO)) {
      return new ReportedRequest(true, List.of());
    }
    String text;
    try {
      text = Storage.readString(option);
    } catch (IOException e) {
      throw new ReportedValuesException(option, 0, null, "cannot read: " + e, e);
    }
    return fileValues(ReportedValues.parse(text, option));
  }

  boolean isAuto() {
    return auto;
  }

  /**
   * What the finished run is compared with.
   *
   * @param manifest the run's manifest: served model, sampling and datasets
   */
  Baseline resolve(JsonNode manifest, PublishedResults registry) {
    if (!auto) {
      return new Baseline(fileValues, null, List.of(), "");
    }
    String served = manifest.path("model").asText(null);
    Optional<PublishedModel> found = registry.find(served);
    if (found.isEmpty()) {
      return new Baseline(
          List.of(),
          null,
          List.of(),
          "--reported=auto: no published results for the served model '"
              + served
              + "' ('mathbeam reported list' shows the registry)");
    }
    PublishedModel model = found.get();
    Map<String, Integer> samples = new LinkedHashMap<>();
    for (JsonNode d : manifest.path("datasets")) {
      samples.put(d.path("name").asText(), d.path("samples_per_problem").asInt());
    }
    List<PublishedValue> ran =
        model.values().stream().filter(v -> samples.containsKey(v.dataset())).toList();
    if (ran.isEmpty()) {
      return new Baseline(
          List.of(),
          model,
          List.of(),
          "--reported=auto: "
              + model.name()
              + " has published results for "
              + String.join(
                  ", ", model.values().stream().map(PublishedValue::dataset).distinct().toList())
              + ", none of which this run evaluated ("
              + String.join(", ", samples.keySet())
              + ")");
    }
    JsonNode s = manifest.path("sampling");
    SamplingDifferences.RunSampling run =
        new SamplingDifferences.RunSampling(
            s.path("temperature").asDouble(),
            s.path("top_p").asDouble(),
            s.path("max_tokens").asInt(),
            samples);
    List<ReportedValue> values = new ArrayList<>();
    for (PublishedValue v : ran) {
      values.add(new ReportedValue(v.dataset(), v.metric(), v.value(), model.sourceTitle(), 0));
    }
    return new Baseline(values, model, SamplingDifferences.between(ran, run), "");
  }

  /**
   * The values to compare with and, for {@code auto}, the registry entry they came from.
   *
   * @param model the registry entry, or null for a file's values
   * @param samplingDifferences where the run's sampling differs from the source's
   * @param note printed instead of a table when there is nothing to compare, or ""
   */
  record Baseline(
      List<ReportedValue> values,
      PublishedModel model,
      List<String> samplingDifferences,
      String note) {

    /** metrics.json's {@code reported_source}: the entry and the sampling differences. */
    ObjectNode sourceJson() {
      ObjectNode o = MetricsJson.JSON.createObjectNode();
      o.put("model", model.name()).put("title", model.sourceTitle()).put("url", model.sourceUrl());
      var differences = o.putArray("sampling_differences");
      samplingDifferences.forEach(differences::add);
      return o;
    }
  }
}
