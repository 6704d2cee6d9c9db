package io.mathbeam.core.report.html;

import io.mathbeam.core.regrade.RegradeSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The inputs of {@link HtmlReport}. {@code runFacts} (model, endpoints, sampling, grader version,
 * seeds, ...) is shown as a table in the map's iteration order; {@code history} (may be empty) is
 * the trend over earlier runs; {@code regradeChanges} (null unless the run was made by {@code
 * regrade}) what the new grades changed.
 */
public record ReportData(
    String title,
    String generatedAt,
    boolean simulatedModel,
    Map<String, String> runFacts,
    List<DatasetReport> datasets,
    List<ReplicaLatency> replicas,
    List<ProblemView> problems,
    List<HistoryRow> history,
    RegradeSummary regradeChanges) {

  /** A report of a run not made by {@code regrade}. */
  public ReportData(
      String title,
      String generatedAt,
      boolean simulatedModel,
      Map<String, String> runFacts,
      List<DatasetReport> datasets,
      List<ReplicaLatency> replicas,
      List<ProblemView> problems,
      List<HistoryRow> history) {
    this(title, generatedAt, simulatedModel, runFacts, datasets, replicas, problems, history, null);
  }

  /** A report without history. */
  public ReportData(
      String title,
      String generatedAt,
      boolean simulatedModel,
      Map<String, String> runFacts,
      List<DatasetReport> datasets,
      List<ReplicaLatency> replicas,
      List<ProblemView> problems) {
    this(title, generatedAt, simulatedModel, runFacts, datasets, replicas, problems, List.of());
  }

  public ReportData {
    Objects.requireNonNull(title, "title");
    runFacts =
        runFacts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(runFacts));
    datasets = datasets == null ? List.of() : List.copyOf(datasets);
    replicas = replicas == null ? List.of() : List.copyOf(replicas);
    problems = problems == null ? List.of() : List.copyOf(problems);
    history = history == null ? List.of() : List.copyOf(history);
  }
}
