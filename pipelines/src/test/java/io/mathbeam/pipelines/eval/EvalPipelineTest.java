package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.InFlightPeak;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.stats.PassAtK;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.Main;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The whole evaluation over real HTTP against the simulated fleet, outputs read back. */
public class EvalPipelineTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Runs with the DirectRunner's immutability and encodability checks on. */
  private EvalResult eval(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--enforceImmutability=true");
    all.add("--enforceEncodability=true");
    return evalAsCli(all.toArray(new String[0]));
  }

  /**
   * Runs with the CLI's defaults: the enforcement checks walk the whole pipeline graph for every
   * bundle, which makes runs of hundreds of problems take minutes (docs/runners.md).
   */
  private EvalResult evalAsCli(String... args) throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    List<String> all = List.of(args);
    EvalResult result =
        new EvalCommand(new PrintStream(printed, true, StandardCharsets.UTF_8))
            .run(all.toArray(new String[0]));
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out, out.contains("AGGREGATE"));
    return result;
  }

  @Test
  public void builtinSetEndToEndAgainstEmbeddedSimulatedFleet() throws Exception {
    String out = tmp.newFolder("run").getPath();
    Path reported = tmp.getRoot().toPath().resolve("reported.csv");
    Files.writeString(
        reported,
        "dataset,metric,value,source\n"
            + "sample,pass@1,40%,a paper\n"
            + "_aggregate,maj@6,0.999,a blog\n"
            + "other,pass@1,0.5,\n");
    EvalResult result =
        eval(
            "--benchmarks=sample:6",
            "--output=" + out,
            "--simTimeScale=4000",
            "--reported=" + reported);
    List<GenericRecord> samples = ParquetRecords.readAll(out + "/samples/*.parquet");
    JsonNode metrics = JSON.readTree(Path.of(out, "metrics.json").toFile());
    int problems = metrics.path("datasets").path("sample").path("num_problems").asInt();
    assertEquals(16, problems);
    checkSamples(samples, Map.of("sample", 16), 6, metrics);

    List<GenericRecord> problemRows = ParquetRecords.readAll(out + "/problems/*.parquet");
    assertEquals(16, problemRows.size());
    for (GenericRecord row : problemRows) {
      // no response text: grouping by problem must not carry it
      assertEquals(null, row.getSchema().getField("responses"));
      assertTrue(row.get("problem").toString().length() > 10);
      assertEquals(6, ((List<?>) row.get("rewards")).size());
      assertEquals(6, ((List<?>) row.get("statuses")).size());
      assertEquals(6, ((List<?>) row.get("extracted_answers")).size());
    }
    for (GenericRecord row : samples) {
      assertEquals(Grader.VERSION, row.get("grader_version").toString());
    }
    assertEquals(Grader.VERSION, problemRows.get(0).get("grader_version").toString());
    JsonNode manifest = metrics.path("manifest");
    assertEquals(Grader.VERSION, manifest.path("grader_version").asText());
    assertTrue(manifest.path("simulated_model").asBoolean());
    assertFalse(manifest.path("finished_at").asText().isEmpty());
    assertEquals(64, manifest.path("datasets").get(0).path("sha256").asText().length());
    assertTrue(result.summary(), result.summary().contains("Pass@6"));
    checkUncertainty(metrics.path("datasets").path("sample"), 6);
    checkUncertainty(metrics.path("_aggregate"), 6);
    assertTrue(
        metrics.path("datasets").path("sample").path("pass_at_1_se_closed_form").asDouble() > 0);
    assertTrue(
        metrics.path("datasets").path("sample").path("se_vs_samples_per_problem").size() >= 3);
    JsonNode precision = metrics.path("datasets").path("sample").path("sampling_precision");
    int forOnePoint = precision.path("samples_per_problem_for_1_point").asInt();
    int forTwoPoints = precision.path("samples_per_problem_for_2_points").asInt();
    assertTrue(precision.toString(), forTwoPoints >= 1 && forOnePoint >= forTwoPoints);
    assertTrue(precision.toString(), precision.path("pass_at_1_half_width").asDouble() > 0);
    assertEquals(6, metrics.path("_aggregate_macro").path("maj_at_k").size());
    JsonNode perSample = metrics.path("datasets").path("sample").path("samples");
    JsonNode counts = metrics.path("datasets").path("sample").path("counts");
    JsonNode causes = perSample.path("no_answer_by_cause");
    assertEquals(
        counts.path("no_answer").asLong(),
        causes.path("truncated").asLong() + causes.path("no_final_answer").asLong());
    assertEquals(counts.path("request_error").asLong(), causes.path("request_error").asLong());
    assertEquals(
        counts.path("truncated").asDouble() / 96,
        perSample.path("truncation_rate").asDouble(),
        1e-9);
    assertTrue(perSample.path("completion_tokens").path("p90").asDouble() > 0);
    assertTrue(metrics.path("throughput").path("generated_tokens_per_second").asDouble() > 0);
    assertTrue(
        metrics.toString(),
        metrics.path("uncertainty").path("method").asText().contains("Jeffreys interval"));
    assertTrue(result.summary(), result.summary().contains("Pass@1 95% CI"));
    MetricsSchema.assertValid(metrics);
    String report = Files.readString(Path.of(out, "report.html"));
    assertTrue(report.startsWith("<!DOCTYPE html>") || report.startsWith("<!doctype html>"));
    assertTrue("charts drawn", report.split("<svg", -1).length - 1 >= 4);
    assertTrue(report.contains("mathbeam-sim/reasoner-1.5b"));
    for (GenericRecord row : problemRows) {
      assertTrue(
          "problem browser misses " + row.get("problem_id"),
          report.contains("data-id=\"" + row.get("problem_id") + "\""));
    }
    // K = 6 is below the browser's 8 responses per problem: every response is embedded, read
    // back by its sample's key after the samples' small columns
    for (GenericRecord row : samples) {
      Object response = row.get("response");
      if (response != null) {
        assertTrue(
            "report misses the response of "
                + row.get("problem_id")
                + "/"
                + row.get("sample_index"),
            report.contains("<pre class=\"response\">" + escaped(response.toString()) + "</pre>"));
      }
    }
    JsonNode comparison = metrics.path("reported_comparison");
    assertEquals(3, comparison.size());
    assertEquals("inside_ci", comparison.get(0).path("status").asText());
    assertEquals(0.4, comparison.get(0).path("reported").asDouble(), 1e-12);
    assertEquals("outside_ci", comparison.get(1).path("status").asText());
    assertEquals("not_computed", comparison.get(2).path("status").asText());
    assertTrue(result.summary(), result.summary().contains("%@6"));
  }

  /** {@code text} as the report's HTML writes it. */
  private static String escaped(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;")
        .replace("'", "&#39;");
  }

  /** Every pass@k and maj@k has a standard error and a 95% interval around its value. */
  private static void checkUncertainty(JsonNode scope, int k) {
    assertEquals(k, scope.path("pass_at_k").size());
    assertEquals(k, scope.path("maj_at_k").size());
    for (String metric : List.of("pass_at_k", "maj_at_k")) {
      for (int i = 0; i < k; i++) {
        JsonNode e = scope.path(metric).get(i);
        assertEquals(i + 1, e.path("k").asInt());
        double value = e.path("value").asDouble();
        assertTrue(metric + " " + e, value >= 0 && value <= 1);
        assertTrue(metric + " " + e, e.path("se").asDouble() > 0);
        assertTrue(metric + " " + e, e.path("ci95_lower").asDouble() <= value);
        assertTrue(metric + " " + e, e.path("ci95_upper").asDouble() >= value);
      }
    }
    // maj@1 is the mean reward of one vote: the same expectation as pass@1
    assertEquals(
        scope.path("pass_at_k").get(0).path("value").asDouble(),
        scope.path("maj_at_k").get(0).path("value").asDouble(),
        0.02);
  }

  @Test
  public void sharedBenchmarksAgainstAnExternalFleetSendOneRequestPerSample() throws Exception {
    Path data = SharedData.datasets();
    Path log = tmp.getRoot().toPath().resolve("requests.jsonl");
    SimConfig config =
        SimConfig.builder()
            .replicas(3)
            .timeScale(4000)
            .maxModelLen(40960)
            .requestLog(log)
            .answerKey(
                AnswerKey.fromJsonl(
                    List.of(data.resolve("aime24.jsonl"), data.resolve("math500.jsonl")),
                    "problem",
                    "answer"))
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String out = tmp.newFolder("shared-run").getPath();
      evalAsCli(
          "--benchmarks=aime24:4,math500:1",
          "--dataDir=" + data,
          "--endpoints=" + String.join(",", fleet.endpoints()),
          "--maxInFlightPerReplica=16",
          "--output=" + out);
      JsonNode metrics = JSON.readTree(Path.of(out, "metrics.json").toFile());
      List<GenericRecord> samples = ParquetRecords.readAll(out + "/samples/*.parquet");
      checkSamples(samples, Map.of("aime24", 30, "math500", 500), -1, metrics);
      assertEquals(30 * 4 + 500, samples.size());

      List<RequestLogEntry> requests = fleet.requestLog();
      long ok = requests.stream().filter(r -> r.status() == 200).count();
      assertEquals(30 * 4 + 500, ok);
      Set<String> promptSeeds = new HashSet<>();
      for (RequestLogEntry r : requests) {
        assertTrue("duplicate request " + r, promptSeeds.add(r.promptHash() + "/" + r.seed()));
      }
      assertTrue(Files.size(log) > 0);
      for (int replica = 0; replica < 3; replica++) {
        int peak = InFlightPeak.of(requests, replica);
        assertTrue("replica " + replica + " saw " + peak + " in flight", peak <= 16);
        assertTrue("replica " + replica + " was never busy: " + peak, peak >= 4);
      }
    }
  }

  @Test
  public void samplesPerRequestFetchesSeveralSamplesPerRequestWithTheSameGrades() throws Exception {
    Path data = SharedData.datasets();
    SimConfig config =
        SimConfig.builder()
            .replicas(2)
            .timeScale(4000)
            .maxModelLen(40960)
            .answerKey(
                AnswerKey.fromJsonl(List.of(data.resolve("aime24.jsonl")), "problem", "answer"))
            .build();
    Map<String, String> oneEach;
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String out = tmp.newFolder("n1").getPath();
      evalAsCli(
          "--benchmarks=aime24:6",
          "--dataDir=" + data,
          "--endpoints=" + String.join(",", fleet.endpoints()),
          "--cacheDir=none",
          "--output=" + out);
      oneEach = gradesBySample(out);
    }
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String out = tmp.newFolder("n4").getPath();
      evalAsCli(
          "--benchmarks=aime24:6",
          "--dataDir=" + data,
          "--endpoints=" + String.join(",", fleet.endpoints()),
          "--samplesPerRequest=4",
          "--cacheDir=none",
          "--output=" + out);
      SameGrades.assertSame(oneEach, gradesBySample(out));
      int sequences = 0;
      int fullBatches = 0;
      Set<String> childSeeds = new HashSet<>();
      for (RequestLogEntry r : fleet.requestLog()) {
        if (r.status() == 200 && r.endpoint().contains("completions")) {
          assertTrue("n " + r.n(), r.n() >= 1 && r.n() <= 4);
          sequences += r.n();
          fullBatches += r.n() == 4 ? 1 : 0;
          for (int i = 0; i < r.n(); i++) {
            // choice i is sampled with seed + i: no two choices of a prompt may share a seed
            assertTrue("seed reused", childSeeds.add(r.promptHash() + "/" + (r.seed() + i)));
          }
        }
      }
      assertEquals(180, sequences);
      // six samples of a problem arrive together: mostly one request of 4 and one of 2 each (a
      // smaller one goes out when the window has less room than a full batch)
      assertTrue("only " + fullBatches + " requests carried 4 samples", fullBatches >= 25);
    }
  }

  private static Map<String, String> gradesBySample(String out) throws Exception {
    Map<String, String> grades = new HashMap<>();
    for (GenericRecord s : ParquetRecords.readAll(out + "/samples/*.parquet")) {
      grades.put(
          s.get("problem_id") + "#" + s.get("sample_index"),
          s.get("status") + "|" + s.get("extracted_answer") + "|" + s.get("seed"));
    }
    assertEquals(180, grades.size());
    return grades;
  }

  @Test
  public void aBadReportedFileFailsBeforeAnyRequestNamingFileLineAndField() throws Exception {
    Path reported = tmp.getRoot().toPath().resolve("bad-reported.csv");
    Files.writeString(reported, "dataset,metric,value\nsample,pass@one,0.4\n");
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                eval(
                    "--benchmarks=sample:2",
                    "--output=" + tmp.newFolder("bad-reported").getPath(),
                    "--reported=" + reported));
    assertTrue(e.getMessage(), e.getMessage().contains("bad-reported.csv:2 [metric]"));
  }

  @Test
  public void theSchemaRejectsMetricsThatBreakIt() throws Exception {
    String out = tmp.newFolder("schema").getPath();
    evalAsCli("--benchmarks=sample:2", "--output=" + out, "--simTimeScale=4000");
    ObjectNode metrics = (ObjectNode) JSON.readTree(Path.of(out, "metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    ((ObjectNode) metrics.path("datasets").path("sample")).put("mean_reward", 1.5);
    ((ObjectNode) metrics.path("_aggregate").path("counts")).remove("correct");
    String problems = MetricsSchema.problems(metrics).toString();
    assertTrue(problems, problems.contains("mean_reward"));
    assertTrue(problems, problems.contains("correct"));
  }

  @Test
  public void theApiKeyReachesTheServersAndNoOutput() throws Exception {
    String key = "sk-test-key-0123456789";
    SimConfig config = SimConfig.builder().replicas(1).timeScale(4000).apiKey(key).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String out = tmp.newFolder("keyed").getPath();
      EvalResult result =
          evalAsCli(
              "--benchmarks=sample:2",
              "--endpoints=" + fleet.endpoints().get(0),
              "--apiKey=" + key,
              "--cacheDir=none",
              "--output=" + out);
      assertTrue(result.summary(), result.summary().contains("SAMPLE"));
      for (RequestLogEntry r : fleet.requestLog()) {
        assertTrue("rejected: " + r, r.status() == 200);
      }
      try (var files = Files.walk(Path.of(out))) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          assertFalse(
              file + " contains the API key",
              new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(key));
        }
      }
    }
  }

  @Test
  public void tooManyRejectedRowsFailWithFileAndLineBeforeAnyRequest() throws Exception {
    Path bad = tmp.getRoot().toPath().resolve("mine.jsonl");
    Files.writeString(
        bad,
        "{\"id\":\"1\",\"problem\":\"What is 2+2?\",\"answer\":\"4\"}\n"
            + "{\"id\":\"2\",\"problem\":\"\",\"answer\":\"4\"}\n"
            + "not json\n");
    String out = tmp.newFolder("bad-run").getPath();
    Exception e =
        assertThrows(
            Exception.class, () -> eval("--problems=" + bad, "--output=" + out, "--samples=2"));
    String message = Main.message(e);
    assertTrue(message, message.contains("2 of 3 input rows were rejected"));
    assertTrue(message, message.contains("mine.jsonl:2: field 'problem'"));
    assertTrue(message, message.contains("mine.jsonl:3: invalid JSON"));
  }

  @Test
  public void rejectedRowsBelowTheLimitAreWrittenAndTheRunCompletes() throws Exception {
    Path mixed = tmp.getRoot().toPath().resolve("mixed.csv");
    Files.writeString(
        mixed, "id,problem,answer\n1,What is 2+2?,4\n2,What is 3+3?,6\n2,Duplicate id,7\n3,,9\n");
    String out = tmp.newFolder("mixed-run").getPath();
    eval("--problems=" + mixed, "--output=" + out, "--samples=3", "--maxRejectedFraction=0.5");
    List<String> rejected = new ArrayList<>();
    try (var files = Files.list(Path.of(out, "rejected"))) {
      for (Path f : files.toList()) {
        rejected.addAll(Files.readAllLines(f));
      }
    }
    assertEquals(rejected.toString(), 2, rejected.size());
    String joined = String.join("\n", rejected);
    assertTrue(joined, joined.contains("duplicate id '2'"));
    assertTrue(joined, joined.contains("\"line\":5"));
    List<GenericRecord> samples = ParquetRecords.readAll(out + "/samples/*.parquet");
    assertEquals(2 * 3, samples.size());
  }

  /**
   * Rows = problems x K, no sample lost or duplicated, seeds distinct within a problem, and pass@k
   * in metrics.json equal to the estimator recomputed from the sample rows and non-decreasing.
   */
  private static void checkSamples(
      List<GenericRecord> samples,
      Map<String, Integer> problemsPerDataset,
      int k,
      JsonNode metrics) {
    Map<String, List<GenericRecord>> byProblem = new HashMap<>();
    Set<String> ids = new HashSet<>();
    for (GenericRecord s : samples) {
      String problem = s.get("data_source") + "/" + s.get("problem_id");
      assertTrue("duplicate sample " + problem, ids.add(problem + "#" + s.get("sample_index")));
      byProblem.computeIfAbsent(problem, p -> new ArrayList<>()).add(s);
      assertNotNull(s.get("status"));
    }
    for (Map.Entry<String, Integer> e : problemsPerDataset.entrySet()) {
      String dataset = e.getKey();
      JsonNode m = metrics.path("datasets").path(dataset);
      assertEquals(dataset, (int) e.getValue(), m.path("num_problems").asInt());
      int kMax = m.path("pass_at_k").size();
      if (k > 0) {
        assertEquals(k, kMax);
      }
      double[] expected = new double[kMax];
      int problems = 0;
      for (Map.Entry<String, List<GenericRecord>> p : byProblem.entrySet()) {
        if (!p.getKey().startsWith(dataset + "/")) {
          continue;
        }
        problems++;
        List<GenericRecord> rows = p.getValue();
        Set<Object> seeds = new HashSet<>();
        int correct = 0;
        for (GenericRecord r : rows) {
          assertTrue("seed repeated in " + p.getKey(), seeds.add(r.get("seed")));
          correct += ((Double) r.get("reward")) > 0 ? 1 : 0;
        }
        assertEquals(kMax, rows.size());
        for (int i = 1; i <= kMax; i++) {
          expected[i - 1] += PassAtK.estimate(rows.size(), correct, i);
        }
      }
      assertEquals(dataset, (int) e.getValue(), problems);
      double previous = -1;
      for (int i = 1; i <= kMax; i++) {
        double value = m.path("pass_at_k").get(i - 1).path("value").asDouble();
        assertEquals(dataset + " pass@" + i, expected[i - 1] / problems, value, 1e-9);
        assertTrue("pass@k decreases at k=" + i, value >= previous);
        previous = value;
      }
    }
  }
}
