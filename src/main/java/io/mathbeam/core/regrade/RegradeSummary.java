package io.mathbeam.core.regrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a regrade changed against the stored grades: {@code regrade-changes.json}. A sample
 * "changed" when its status did; a changed extracted answer with the same status is counted apart.
 *
 * @param oldGraderVersions samples per grader version of the stored grades (one version in a run
 *     written by mathbeam)
 * @param datasets per dataset, by name
 * @param moves the status changes, most frequent first
 * @param oldFromJudge samples whose stored status came from a judge model, which regrade does not
 *     ask again
 * @param listLimit at most this many changed samples are listed in {@link #CHANGES_FILE}
 */
public record RegradeSummary(
    Map<String, Long> oldGraderVersions,
    String newGraderVersion,
    List<DatasetChanges> datasets,
    List<StatusMove> moves,
    long oldFromJudge,
    int listLimit) {

  /** The counts, in the new run directory. */
  public static final String SUMMARY_FILE = "regrade-changes.json";

  /** The changed samples, one JSON object a line ({@link VerdictChange}), in the same directory. */
  public static final String CHANGES_FILE = "regrade-changes.jsonl";

  public static final int DEFAULT_LIST_LIMIT = 100_000;

  public RegradeSummary {
    oldGraderVersions = Collections.unmodifiableMap(new TreeMap<>(oldGraderVersions));
    datasets = List.copyOf(datasets);
    moves = List.copyOf(moves);
  }

  /** The stored grades' version, several joined by ", "; "unknown" when no sample was read. */
  public String oldGraderVersion() {
    return oldGraderVersions.isEmpty() ? "unknown" : String.join(", ", oldGraderVersions.keySet());
  }

  public long samples() {
    return datasets.stream().mapToLong(DatasetChanges::samples).sum();
  }

  /** Samples whose status changed. */
  public long changed() {
    return datasets.stream().mapToLong(DatasetChanges::changed).sum();
  }

  /** Samples whose extracted answer changed but whose status did not. */
  public long answerOnly() {
    return datasets.stream().mapToLong(DatasetChanges::answerOnly).sum();
  }

  /** Changed samples listed in {@link #CHANGES_FILE}: the first by dataset, problem, index. */
  public long listed() {
    return Math.min(changed(), listLimit);
  }

  /** Changed samples beyond {@link #listLimit}, counted here but not listed. */
  public long leftOut() {
    return changed() - listed();
  }

  public ObjectNode toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("old_grader_version", oldGraderVersion());
    ObjectNode versions = o.putObject("old_grader_versions");
    oldGraderVersions.forEach(versions::put);
    o.put("new_grader_version", newGraderVersion);
    o.put("samples", samples());
    o.put("changed", changed());
    o.put("answer_changed_same_status", answerOnly());
    o.put("old_status_from_judge", oldFromJudge);
    ArrayNode byStatus = o.putArray("by_status");
    for (StatusMove m : moves) {
      byStatus
          .addObject()
          .put("old_status", m.oldStatus())
          .put("new_status", m.newStatus())
          .put("samples", m.samples());
    }
    ObjectNode byDataset = o.putObject("by_dataset");
    for (DatasetChanges d : datasets) {
      byDataset
          .putObject(d.dataset())
          .put("samples", d.samples())
          .put("changed", d.changed())
          .put("answer_changed_same_status", d.answerOnly())
          .put("old_correct", d.oldCorrect())
          .put("new_correct", d.newCorrect())
          .put("correct_change", d.correctChange())
          .put("pass_at_1_change", d.passAt1Change());
    }
    o.put("changes_file", CHANGES_FILE);
    o.put("changes_listed", listed());
    o.put("changes_list_limit", listLimit);
    o.put("changes_left_out", leftOut());
    return o;
  }

  /** The inverse of {@link #toJson}. */
  public static RegradeSummary fromJson(JsonNode o) {
    Map<String, Long> versions = new TreeMap<>();
    o.path("old_grader_versions")
        .fields()
        .forEachRemaining(e -> versions.put(e.getKey(), e.getValue().asLong()));
    List<DatasetChanges> datasets = new ArrayList<>();
    o.path("by_dataset")
        .fields()
        .forEachRemaining(
            e -> {
              JsonNode d = e.getValue();
              datasets.add(
                  new DatasetChanges(
                      e.getKey(),
                      d.path("samples").asLong(),
                      d.path("changed").asLong(),
                      d.path("answer_changed_same_status").asLong(),
                      d.path("old_correct").asLong(),
                      d.path("new_correct").asLong()));
            });
    List<StatusMove> moves = new ArrayList<>();
    for (JsonNode m : o.path("by_status")) {
      moves.add(
          new StatusMove(
              m.path("old_status").asText(),
              m.path("new_status").asText(),
              m.path("samples").asLong()));
    }
    return new RegradeSummary(
        versions,
        o.path("new_grader_version").asText(),
        datasets,
        moves,
        o.path("old_status_from_judge").asLong(),
        o.path("changes_list_limit").asInt());
  }
}
