package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.compare.ProblemOutcome;
import io.mathbeam.core.compare.RunProblems;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.ProblemKeys;
import io.mathbeam.core.report.SampleFiguresJson;
import io.mathbeam.core.report.UncertaintyJson;
import io.mathbeam.core.stats.AnswerClusters;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.IntervalReport;
import io.mathbeam.core.stats.PassAtOneStandardError;
import io.mathbeam.core.stats.PhasedDesign;
import io.mathbeam.core.stats.ProblemIntervals;
import io.mathbeam.core.stats.ProblemVotes;
import io.mathbeam.core.stats.SampleFigures;
import io.mathbeam.core.stats.SamplingPrecision;
import io.mathbeam.core.stats.StandardErrorAtK;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;

/**
 * Error bars and maj@k of a finished run, computed from its {@code problems/} table (only the
 * dataset, problem id, rewards and extracted answers are read) and written into {@code
 * metrics.json}. Answers are clustered with the grader's own equivalence, so {@code 1/2} and {@code
 * 0.5} are one vote.
 */
public final class RunStatistics {
  /** Above this K, maj@k and the intervals are reported at k = 1, 2, 4, ... and K only. */
  private static final int ALL_K_UP_TO = 64;

  private RunStatistics() {}

  /**
   * Each problem's outcome in the run at {@code outputDir}, as compare pairs runs by them; a
   * dataset sampled in phases by its uniform first phase ({@link PhasedDesign}).
   */
  public static RunProblems problems(String outputDir) throws IOException {
    List<ProblemOutcome> outcomes = new ArrayList<>();
    for (ProblemVotes votes : votes(outputDir, PhasedDesigns.read(outputDir)).votes()) {
      outcomes.add(ProblemOutcome.of(votes));
    }
    return new RunProblems(outputDir, outcomes);
  }

  /**
   * The problems' votes, with each dataset sampled in phases cut to its uniform first phase, and
   * those problems' phased pass@1 estimates.
   *
   * @param votes every problem's votes
   * @param passAtOne by {@link ProblemKeys}, the phased estimates
   */
  public record RunVotes(List<ProblemVotes> votes, Map<String, Double> passAtOne) {}

  public static RunVotes votes(String outputDir, Map<String, PhasedDesign> designs)
      throws IOException {
    Grader grader = new Grader();
    Map<String, double[]> weights = new HashMap<>();
    designs.forEach((dataset, design) -> weights.put(dataset, design.weights()));
    List<ProblemVotes> out = new ArrayList<>();
    Map<String, Double> passAtOne = new HashMap<>();
    for (GenericRecord row :
        ParquetRecords.readAll(outputDir + "/problems/*.parquet", OutputSchemas.PROBLEM_VOTES)) {
      String dataset = row.get("data_source").toString();
      String problemId = row.get("problem_id").toString();
      List<String> answers = new ArrayList<>();
      List<Boolean> correct = new ArrayList<>();
      for (Object answer : (List<?>) row.get("extracted_answers")) {
        answers.add(answer == null ? null : answer.toString());
      }
      for (Object reward : (List<?>) row.get("rewards")) {
        correct.add(((Double) reward) > 0);
      }
      PhasedDesign design = designs.get(dataset);
      if (design != null && design.covers(problemId)) {
        passAtOne.put(
            ProblemKeys.of(dataset, problemId),
            design.estimate(problemId, correct, weights.get(dataset)));
        answers = answers.subList(0, design.firstPhase());
        correct = correct.subList(0, design.firstPhase());
      }
      // programs are one vote only when identical: the math grader's text rules (case and
      // punctuation ignored) would merge `a < b` with `a > b`
      boolean code = Boolean.TRUE.equals(row.get("code"));
      out.add(
          AnswerClusters.of(
              dataset,
              problemId,
              answers,
              correct,
              code ? String::equals : (a, b) -> grader.gradeAnswer(a, List.of(b)).correct()));
    }
    return new RunVotes(out, passAtOne);
  }

  /**
   * Adds the per-sample figures (no-answer causes, truncation, accuracy of completed and truncated
   * samples, token and latency distributions) to each dataset of {@code root} and to {@code
   * _aggregate}, the run's generated tokens per second, and, when the manifest has a price, the
   * tokens' cost.
   */
  static SampleScan annotateSamples(ObjectNode root, String outputDir, double durationSeconds)
      throws IOException {
    Map<String, SampleFigures> byDataset = new TreeMap<>();
    SampleFigures all = new SampleFigures();
    SampleScan scan = new SampleScan();
    RunCost cost = new RunCost();
    ParquetRecords.forEach(
        outputDir + "/samples/*.parquet",
        OutputSchemas.SAMPLE_FIGURES,
        row -> {
          String dataset = row.get("data_source").toString();
          GradeStatus status =
              GradeStatus.valueOf(row.get("status").toString().toUpperCase(Locale.ROOT));
          String finishReason = text(row.get("finish_reason"));
          int tokens = (Integer) row.get("completion_tokens");
          long latency = (Long) row.get("latency_ms");
          byDataset
              .computeIfAbsent(dataset, d -> new SampleFigures())
              .add(status, finishReason, tokens, latency);
          all.add(status, finishReason, tokens, latency);
          scan.add(dataset, status, finishReason, tokens, text(row.get("replica")), latency);
          cost.add(dataset, (Integer) row.get("prompt_tokens"), tokens);
        });
    cost.annotate(root);
    byDataset.forEach(
        (dataset, figures) -> {
          if (root.path("datasets").get(dataset) instanceof ObjectNode node) {
            SampleFiguresJson.put(node, figures);
          }
        });
    if (root.get(DatasetMetrics.AGGREGATE) instanceof ObjectNode aggregate) {
      SampleFiguresJson.put(aggregate, all);
    }
    if (durationSeconds > 0) {
      root.putObject("throughput")
          .put("generated_tokens_per_second", all.completionTokens() / durationSeconds)
          .put("samples_per_second", all.samples() / durationSeconds)
          .put(
              "note",
              "over the whole run (reading, generation, grading, writing); cached samples count");
    }
    return scan;
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }

  /**
   * Computes the intervals and writes them into {@code root}; returns them, or null when there is
   * no problem.
   */
  static IntervalReport annotate(ObjectNode root, RunVotes run) {
    List<ProblemVotes> votes = run.votes();
    if (votes.isEmpty()) {
      return null;
    }
    int smallestK = Integer.MAX_VALUE;
    Map<String, List<ProblemVotes>> byDataset = new TreeMap<>();
    for (ProblemVotes v : votes) {
      smallestK = Math.min(smallestK, v.samples());
      byDataset.computeIfAbsent(v.datasetId(), d -> new ArrayList<>()).add(v);
    }
    ProblemIntervals intervals = new ProblemIntervals().withPassAtOne(run.passAtOne());
    if (smallestK != Integer.MAX_VALUE && smallestK > ALL_K_UP_TO) {
      intervals = intervals.withKs(ProblemIntervals.powersOfTwoAnd(smallestK));
    }
    IntervalReport report = intervals.run(votes);
    Map<String, Double> closedForm = new HashMap<>();
    Map<String, List<StandardErrorAtK>> againstK = new HashMap<>();
    Map<String, SamplingPrecision> precision = new HashMap<>();
    byDataset.forEach(
        (dataset, problems) -> {
          closedForm.put(dataset, PassAtOneStandardError.of(problems));
          // One problem has no spread to split into its parts: no table (and no crash).
          if (problems.size() >= 2) {
            againstK.put(dataset, PassAtOneStandardError.againstK(problems));
            precision.put(dataset, SamplingPrecision.of(problems));
          }
        });
    UncertaintyJson.annotate(root, report, closedForm, againstK, precision);
    return report;
  }
}
