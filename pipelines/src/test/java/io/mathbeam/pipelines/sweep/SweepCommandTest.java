package io.mathbeam.pipelines.sweep;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.eval.EvalResult;
import io.mathbeam.pipelines.eval.SameGrades;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code mathbeam sweep}: several models in one job, each with its own complete run directory. */
public class SweepCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }

  private static Map<String, String> grades(String runDir) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      out.put(
          r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index"),
          r.get("status") + "|" + r.get("extracted_answer") + "|" + r.get("seed"));
    }
    return out;
  }

  @Test
  public void twoModelsRunAsOneJobWithResultsKeptApart() throws Exception {
    Path data = SharedData.datasets();
    SimConfig sim = aimeFleet(data);
    try (SimulatedFleet a = SimulatedFleet.start(sim);
        SimulatedFleet b = SimulatedFleet.start(sim)) {
      Path sweep = tmp.getRoot().toPath().resolve("sweep.yaml");
      Files.writeString(
          sweep,
          String.join(
              "\n",
              "benchmarks: [aime24:2]",
              "models:",
              "  - name: model-a",
              "    endpoints: [" + a.endpoints().get(0) + "]",
              "  - name: model-b",
              "    endpoints: [" + b.endpoints().get(0) + "]",
              "    sampling: {temperature: 0.9, max_tokens: 8000}",
              "    price_per_million_tokens: [0.15, 0.6]",
              ""));
      String root = tmp.getRoot().toPath().resolve("sweep-out").toString();
      List<EvalResult> results =
          new SweepCommand(quiet())
              .run(
                  new String[] {
                    "--sweep=" + sweep, "--output=" + root, "--dataDir=" + data, "--cacheDir=none"
                  });

      assertEquals(2, results.size());
      for (SimulatedFleet fleet : List.of(a, b)) {
        long generations =
            fleet.requestLog().stream()
                .filter(e -> e.endpoint().contains("completions"))
                .map(RequestLogEntry::status)
                .filter(s -> s == 200)
                .count();
        assertEquals("each model's fleet answered its own samples", 60, generations);
      }
      for (RequestLogEntry e : b.requestLog()) {
        if (e.endpoint().contains("completions")) {
          assertEquals(0.9, e.temperature(), 1e-9);
          assertEquals(8000, e.maxTokens().intValue());
        }
      }
      JsonNode metricsB = JSON.readTree(Path.of(root, "model-b", "metrics.json").toFile());
      assertEquals(
          0.9, metricsB.path("manifest").path("sampling").path("temperature").asDouble(), 0);
      assertTrue(Files.exists(Path.of(root, "model-a", "report.html")));
      JsonNode summary = JSON.readTree(Path.of(root, "sweep.json").toFile());
      assertEquals(2, summary.path("models").size());
      assertEquals("model-a", summary.path("models").get(0).path("name").asText());
      // each model's tokens, and the cost of the one with a price, as its metrics.json says
      JsonNode costB = metricsB.path("_aggregate").path("cost");
      assertTrue(costB.toString(), costB.path("total").asDouble() > 0);
      assertEquals(costB, summary.path("models").get(1).path("cost"));
      assertTrue(summary.path("models").get(0).path("cost").isNull());
      assertEquals(
          costB.path("completion_tokens").asLong(),
          summary.path("models").get(1).path("completion_tokens").asLong());
      assertTrue(summary.path("models").get(0).path("completion_tokens").asLong() > 0);

      // model-a in the sweep is the same run as model-a evaluated on its own
      String alone = tmp.newFolder("alone").getPath();
      new EvalCommand(quiet())
          .run(
              new String[] {
                "--benchmarks=aime24:2",
                "--dataDir=" + data,
                "--endpoints=" + a.endpoints().get(0),
                "--cacheDir=none",
                "--output=" + alone
              });
      SameGrades.assertSame(grades(alone), grades(root + "/model-a"));
    }
  }

  @Test
  public void aSweepWithAPrecisionRunsEachModelInRoundsAndAsksForNoSampleTwice() throws Exception {
    Path data = SharedData.datasets();
    SimConfig sim = aimeFleet(data);
    try (SimulatedFleet a = SimulatedFleet.start(sim);
        SimulatedFleet b = SimulatedFleet.start(sim)) {
      Path sweep = tmp.getRoot().toPath().resolve("sweep.yaml");
      Files.writeString(
          sweep,
          String.join(
              "\n",
              "benchmarks: [aime24:24]",
              "precision: 0.08",
              "models:",
              "  - name: model-a",
              "    endpoints: [" + a.endpoints().get(0) + "]",
              "  - name: model-b",
              "    endpoints: [" + b.endpoints().get(0) + "]",
              "    sampling: {temperature: 0.9}",
              "    precision: 0.09",
              ""));
      String root = tmp.getRoot().toPath().resolve("sweep-precision").toString();
      List<EvalResult> results =
          new SweepCommand(quiet())
              .run(
                  new String[] {
                    "--sweep=" + sweep,
                    "--output=" + root,
                    "--dataDir=" + data,
                    "--initialSamples=2"
                  });
      assertEquals(2, results.size());
      List<SimulatedFleet> fleets = List.of(a, b);
      for (int i = 0; i < 2; i++) {
        JsonNode metrics =
            JSON.readTree(Path.of(root, "model-" + "ab".charAt(i), "metrics.json").toFile());
        JsonNode dataset = metrics.path("datasets").path("aime24");
        JsonNode precision = dataset.path("precision");
        assertEquals(i == 0 ? 0.08 : 0.09, precision.path("target_half_width").asDouble(), 0);
        assertTrue(precision.toString(), precision.path("rounds").size() >= 2);
        assertTrue(
            precision.toString(),
            precision.path("status").asText().equals("reached")
                || precision.path("samples_per_problem").asInt() == 24);
        List<RequestLogEntry> generations =
            fleets.get(i).requestLog().stream()
                .filter(e -> e.endpoint().contains("completions"))
                .filter(e -> e.status() == 200)
                .toList();
        // the samples, and those sent ahead of a round that asked for fewer (a projection from a
        // round's first answers said more than its decision)
        assertEquals(
            "every sample asked for once, in whichever round: " + metrics.path("lookahead"),
            dataset.path("num_samples").asLong()
                + metrics.path("lookahead").path("unused_samples").asLong(),
            generations.size());
        assertEquals(
            generations.size(),
            generations.stream().map(e -> e.promptHash() + "/" + e.seed()).distinct().count());
      }
    }
  }

  @Test
  public void badSweepFilesNameTheFileAndField() throws Exception {
    String message =
        sweepError("benchmarks: [aime24]\nmodels:\n  - name: m\n    sampling: {temprature: 0.5}\n");
    assertTrue(
        message,
        message.endsWith(
            "bad.yaml: models[0].sampling: unknown key 'temprature' (did you mean"
                + " 'temperature'?); known: [temperature, top_p, top_k, min_p, max_tokens,"
                + " seed]"));
    message =
        sweepError("benchmarks: [aime24]\nmodels:\n  - name: m\n    sampling: {top_p: high}\n");
    assertTrue(
        message, message.endsWith("models[0].sampling.top_p: expected a number, got \"high\""));
    message = sweepError("benchmarks: [aime24]\nmodels:\n  - name: m\n    endpiont: [x]\n");
    assertTrue(
        message, message.endsWith("models[0]: unknown key 'endpiont' (did you mean 'endpoints'?)"));
    message = sweepError("models:\n  - name: a b\n");
    assertTrue(message, message.contains("models[0].name"));
  }

  /** One replica answering AIME 2024 from its answer key, fast. */
  private static SimConfig aimeFleet(Path data) throws Exception {
    return SimConfig.builder()
        .replicas(1)
        .timeScale(4000)
        .maxModelLen(40960)
        .answerKey(AnswerKey.fromJsonl(List.of(data.resolve("aime24.jsonl")), "problem", "answer"))
        .build();
  }

  /** The message a sweep file of this text fails with. */
  private String sweepError(String yaml) throws Exception {
    Path sweep = tmp.getRoot().toPath().resolve("bad.yaml");
    Files.writeString(sweep, yaml);
    return assertThrows(
            IllegalArgumentException.class,
            () -> new SweepCommand(quiet()).run(new String[] {"--sweep=" + sweep}))
        .getMessage();
  }
}
