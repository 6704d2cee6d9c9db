package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.report.TokenCost;
import io.mathbeam.core.report.TokenPrice;
import io.mathbeam.core.report.html.BrowsedSamples;
import io.mathbeam.core.report.html.CodeView;
import io.mathbeam.core.report.html.DatasetPrecision;
import io.mathbeam.core.report.html.DatasetReport;
import io.mathbeam.core.report.html.Estimate;
import io.mathbeam.core.report.html.HistoryRow;
import io.mathbeam.core.report.html.HtmlReport;
import io.mathbeam.core.report.html.ProblemView;
import io.mathbeam.core.report.html.ReportData;
import io.mathbeam.core.report.html.ReportLimits;
import io.mathbeam.core.report.html.SampleView;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.ProblemVotes;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * Writes {@code report.html} of a finished run from its annotated metrics.json tree, the problems'
 * votes, one pass over the samples table's small columns, and one that decodes the texts of only
 * the problems the browser shows (at most {@link #BROWSER_PROBLEMS}, so a run of any size yields a
 * page of bounded size; reasoning text is never read).
 */
final class RunReport {
  static final int BROWSER_PROBLEMS = 2000;
  private static final int RESPONSE_CHARS = 20_000;

  private RunReport() {}

  static void write(
      String outputDir,
      JsonNode metrics,
      List<ProblemVotes> votes,
      SampleScan scan,
      List<HistoryRow> history)
      throws IOException {
    JsonNode manifest = metrics.path("manifest");
    Map<String, List<ProblemVotes>> votesByDataset = new LinkedHashMap<>();
    for (ProblemVotes v : votes) {
      votesByDataset.computeIfAbsent(v.datasetId(), d -> new ArrayList<>()).add(v);
    }
    List<DatasetReport> datasets = new ArrayList<>();
    metrics
        .path("datasets")
        .fields()
        .forEachRemaining(
            e -> datasets.add(dataset(e.getKey(), e.getValue(), votesByDataset, scan)));
    ReportData data =
        new ReportData(
            "mathbeam: " + manifest.path("model").asText("model"),
            manifest.path("finished_at").asText(""),
            manifest.path("simulated_model").asBoolean(false),
            facts(metrics),
            datasets,
            scan.replicas(),
            problems(outputDir, votes),
            history,
            RunOutputs.regradeChanges(outputDir, manifest));
    ResourceId file =
        FileSystems.matchNewResource(outputDir, true)
            .resolve("report.html", ResolveOptions.StandardResolveOptions.RESOLVE_FILE);
    // encoded as it is written: a large run's page is tens of MB, its bytes in one array as much
    try (Writer out =
        Channels.newWriter(FileSystems.create(file, MimeTypes.TEXT), StandardCharsets.UTF_8)) {
      out.write(HtmlReport.render(data));
    }
  }

  private static DatasetReport dataset(
      String name, JsonNode node, Map<String, List<ProblemVotes>> votes, SampleScan scan) {
    List<ProblemVotes> problems = votes.getOrDefault(name, List.of());
    double[] solveRates = new double[problems.size()];
    for (int i = 0; i < problems.size(); i++) {
      ProblemVotes p = problems.get(i);
      solveRates[i] = p.samples() == 0 ? 0 : (double) p.correct() / p.samples();
    }
    Map<String, Long> causes = new LinkedHashMap<>();
    node.path("samples")
        .path("no_answer_by_cause")
        .fields()
        .forEachRemaining(c -> causes.put(c.getKey(), c.getValue().asLong()));
    int[][] lengths = scan.lengths(name);
    return new DatasetReport(
        name,
        node.path("num_problems").asInt(),
        node.path("pass_at_k").size(),
        estimates(node.path("pass_at_k")),
        estimates(node.path("maj_at_k")),
        solveRates,
        lengths[0],
        lengths[1],
        lengths[2],
        causes,
        precision(node));
  }

  /** The dataset's precision figures, or null when metrics.json has none. */
  private static DatasetPrecision precision(JsonNode node) {
    JsonNode sampling = node.path("sampling_precision");
    JsonNode rounds = node.path("precision");
    JsonNode agreement = node.path("judge").path("agreement");
    if (!sampling.isObject() && !rounds.isObject() && !agreement.isObject()) {
      return null;
    }
    DatasetPrecision.Rounds r = null;
    if (rounds.isObject()) {
      List<Integer> ks = new ArrayList<>();
      List<Double> widths = new ArrayList<>();
      for (JsonNode round : rounds.path("rounds")) {
        ks.add(round.path("samples_per_problem").asInt());
        widths.add(round.path("half_width").asDouble());
      }
      r =
          new DatasetPrecision.Rounds(
              rounds.path("target_half_width").asDouble(),
              "reached".equals(rounds.path("status").asText()),
              ks,
              widths,
              rounds.path("completion_tokens").asLong(),
              rounds.path("completion_tokens_at_max_samples").asLong(),
              "adaptive".equals(rounds.path("allocation").asText())
                  ? new DatasetPrecision.Phases(
                      rounds.path("first_phase_samples_per_problem").asInt(),
                      rounds.path("phases").asInt(),
                      rounds.path("min_samples_per_problem").asInt(),
                      rounds.path("mean_samples_per_problem").asDouble(),
                      rounds.path("samples_per_problem").asInt(),
                      rounds.path("uniform_samples_per_problem_projected").asInt(),
                      rounds.path("completion_tokens_uniform_projected").asLong())
                  : null);
    }
    DatasetPrecision.Agreement a = null;
    if (agreement.isObject()) {
      JsonNode t = agreement.path("table");
      a =
          new DatasetPrecision.Agreement(
              new long[] {
                t.path("both_correct").asLong(),
                t.path("symbolic_correct_judge_incorrect").asLong(),
                t.path("symbolic_incorrect_judge_correct").asLong(),
                t.path("both_incorrect").asLong()
              },
              number(agreement.get("kappa")),
              number(agreement.get("ci95_lower")),
              number(agreement.get("ci95_upper")));
    }
    return new DatasetPrecision(
        number(sampling.get("pass_at_1_half_width")),
        number(sampling.get("problem_sampling_half_width")),
        sampling.path("samples_per_problem_for_1_point").asInt(-1),
        sampling.path("samples_per_problem_for_2_points").asInt(-1),
        r,
        a);
  }

  private static List<Estimate> estimates(JsonNode curve) {
    List<Estimate> out = new ArrayList<>();
    for (JsonNode e : curve) {
      out.add(
          new Estimate(
              e.path("value").asDouble(),
              number(e.get("ci95_lower")),
              number(e.get("ci95_upper"))));
    }
    return out;
  }

  private static double number(JsonNode n) {
    return n == null || !n.isNumber() ? Double.NaN : n.asDouble();
  }

  private static Map<String, String> facts(JsonNode metrics) {
    JsonNode m = metrics.path("manifest");
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("model", m.path("model").asText());
    facts.put("api", m.path("api").asText());
    facts.put("endpoints", String.valueOf(m.path("endpoints").size()));
    JsonNode s = m.path("sampling");
    facts.put(
        "sampling",
        String.format(
            "temperature %s, top_p %s, top_k %s, max_tokens %s, base seed %s",
            s.path("temperature").asText(),
            s.path("top_p").asText(),
            s.path("top_k").asText(),
            s.path("max_tokens").asText(),
            s.path("base_seed").asText()));
    List<String> inputs = new ArrayList<>();
    m.path("datasets")
        .forEach(
            d ->
                inputs.add(
                    d.path("name").asText()
                        + " (K="
                        + d.path("samples_per_problem").asText()
                        + ", sha256 "
                        + d.path("sha256")
                            .asText()
                            .substring(0, Math.min(12, d.path("sha256").asText().length()))
                        + ")"));
    facts.put("datasets", String.join(", ", inputs));
    facts.put("grader", m.path("grader_version").asText());
    facts.put("mathbeam", m.path("mathbeam_version").asText());
    facts.put("runner", m.path("runner").asText());
    facts.put("started", m.path("started_at").asText());
    facts.put("finished", m.path("finished_at").asText());
    facts.put("duration", m.path("duration_seconds").asText() + " s");
    if (m.has("regraded_from")) {
      facts.put("regraded from", m.path("regraded_from").asText());
    }
    JsonNode u = metrics.path("uncertainty");
    if (!u.isMissingNode()) {
      // Runs written before issue 26 name their bootstrap's replicates and seed as well.
      String bootstrap =
          u.has("replicates")
              ? " ("
                  + u.path("replicates").asText()
                  + " replicates, seed "
                  + u.path("seed").asText()
                  + ")"
              : "";
      facts.put("error bars", u.path("method").asText() + bootstrap);
    }
    TokenPrice price = TokenPrice.fromManifest(m);
    if (price != null) {
      facts.put(
          "price per million tokens",
          TokenCost.format(price.input()) + " in, " + TokenCost.format(price.output()) + " out");
      TokenCost.read(metrics)
          .forEach(
              (scope, cost) ->
                  facts.put(
                      "cost of " + (scope.equals(DatasetMetrics.AGGREGATE) ? "all" : scope),
                      cost.describe()));
    }
    return facts;
  }

  /**
   * The browser's problems: the first {@link #BROWSER_PROBLEMS} by dataset and problem id. Two
   * passes over {@code samples/}, each decoding only the rows it needs (Parquet skips the others
   * unread): the shown problems' samples without their texts, then the responses of the few per
   * problem the page may embed. A large run's texts are what its report reading cost: one pass with
   * every shown sample's response allocated most of the report's memory (docs/runners.md).
   */
  private static List<ProblemView> problems(String outputDir, List<ProblemVotes> votes)
      throws IOException {
    List<String> keys = new ArrayList<>();
    for (ProblemVotes v : votes) {
      keys.add(ParquetRecords.key(v.datasetId(), v.problemId()));
    }
    keys.sort(Comparator.naturalOrder());
    Map<String, Browsed> shown = new LinkedHashMap<>();
    for (String key : keys.subList(0, Math.min(BROWSER_PROBLEMS, keys.size()))) {
      shown.put(key, null);
    }
    String samples = outputDir + "/samples/*.parquet";
    ParquetRecords.forEachWithKey(
        samples,
        OutputSchemas.SAMPLE_BROWSER,
        List.of("data_source", "problem_id"),
        shown.keySet(),
        row -> {
          Browsed b =
              shown.computeIfAbsent(
                  ParquetRecords.key(row.get("data_source"), row.get("problem_id")),
                  k -> new Browsed(row.get("problem").toString(), golds(row)));
          b.samples.add(
              new SampleView(
                  (Integer) row.get("sample_index"),
                  row.get("status").toString(),
                  row.get("extracted_answer") == null
                      ? null
                      : row.get("extracted_answer").toString(),
                  (Double) row.get("reward") > 0,
                  row.get("finish_reason") == null ? null : row.get("finish_reason").toString(),
                  (Integer) row.get("completion_tokens"),
                  null,
                  codeView(row)));
        });
    Set<String> embeddable = new HashSet<>();
    shown.forEach(
        (key, b) -> {
          if (b != null) {
            b.samples.embeddable().forEach(i -> embeddable.add(ParquetRecords.key(key, i)));
          }
        });
    ParquetRecords.forEachWithKey(
        samples,
        OutputSchemas.SAMPLE_RESPONSE,
        List.of("data_source", "problem_id", "sample_index"),
        embeddable,
        row -> {
          Object text = row.get("response");
          if (text == null) {
            return;
          }
          String response = text.toString();
          if (response.length() > RESPONSE_CHARS) {
            response = response.substring(0, RESPONSE_CHARS);
          }
          shown
              .get(ParquetRecords.key(row.get("data_source"), row.get("problem_id")))
              .samples
              .respond((Integer) row.get("sample_index"), response);
        });
    List<ProblemView> out = new ArrayList<>();
    shown.forEach(
        (key, b) -> {
          if (b != null) {
            String[] parts = key.split("\n", 2);
            out.add(new ProblemView(parts[0], parts[1], b.problem, b.golds, b.samples.samples()));
          }
        });
    return out;
  }

  /** A code sample's test results; null for other samples (and files written before them). */
  private static CodeView codeView(org.apache.avro.generic.GenericRecord row) {
    Object total = row.get("tests_total");
    if (total == null) {
      return null;
    }
    Object execution = row.get("code_execution");
    Object failure = row.get("first_failure");
    return new CodeView(
        execution == null ? null : execution.toString(),
        (Integer) row.get("tests_passed"),
        (Integer) total,
        failure == null ? "" : failure.toString());
  }

  private static List<String> golds(org.apache.avro.generic.GenericRecord row) {
    List<String> out = new ArrayList<>();
    for (Object g : (List<?>) row.get("ground_truth")) {
      out.add(g.toString());
    }
    return out;
  }

  private static final class Browsed {
    final String problem;
    final List<String> golds;
    // only the texts the report could embed are held: a problem's K responses are not
    final BrowsedSamples samples = new BrowsedSamples(ReportLimits.DEFAULT.samplesPerProblem());

    Browsed(String problem, List<String> golds) {
      this.problem = problem;
      this.golds = golds;
    }
  }
}
