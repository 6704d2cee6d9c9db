package io.mathbeam.pipelines.eval;

import static io.mathbeam.pipelines.eval.EvalRuns.eval;
import static io.mathbeam.pipelines.eval.EvalRuns.responses;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.regrade.RegradeCommand;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code eval --precision --allocation=adaptive} against the simulated fleet, end to end: a uniform
 * first phase, then samples planned per problem; the reported pass@1 is the phased estimate.
 */
public class AdaptivePrecisionRunTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  public void phasesReachThePrecisionWithTheUniformRunsSamplesAndThePhasedEstimate()
      throws Exception {
    String adaptive = tmp.newFolder("adaptive").getPath();
    Path requestLog = tmp.getRoot().toPath().resolve("requests.jsonl");
    String[] args = {
      "--precision=0.03",
      "--samples=64",
      "--allocation=adaptive",
      "--simTimeScale=2000",
      "--simRequestLog=" + requestLog,
      "--output=" + adaptive
    };
    String printed = eval(args);
    assertTrue(printed, printed.contains("next round uniform first phase of"));
    assertTrue(printed, printed.contains("next round phase 2:"));
    JsonNode metrics = JSON.readTree(Path.of(adaptive, "metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    JsonNode dataset = metrics.path("datasets").path("sample");
    JsonNode precision = dataset.path("precision");
    assertEquals(precision.toString(), "reached", precision.path("status").asText());
    assertTrue(precision.toString(), precision.path("half_width").asDouble() <= 0.03);
    assertEquals(precision.toString(), "adaptive", precision.path("allocation").asText());
    int firstPhase = precision.path("first_phase_samples_per_problem").asInt();
    int fewest = precision.path("min_samples_per_problem").asInt();
    int most = precision.path("samples_per_problem").asInt();
    assertTrue(precision.toString(), firstPhase < fewest && fewest < most && most <= 64);

    String page = Files.readString(Path.of(adaptive, "report.html"));
    assertTrue(
        page.contains(
            "Samples planned per problem (--allocation=adaptive): a uniform first phase of "
                + firstPhase));

    // pass@1 is the phased estimate, recomputed here from the problems' outcomes and the design
    JsonNode design = dataset.path("allocation");
    Map<String, List<Double>> rewards = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(adaptive + "/problems/*.parquet")) {
      @SuppressWarnings("unchecked")
      List<Double> list = (List<Double>) r.get("rewards");
      rewards.put(r.get("problem_id").toString(), list);
    }
    int phases = design.path("phase_weights").size();
    double[] meanSamples = new double[phases];
    for (JsonNode counts : design.path("problem_phases")) {
      for (int s = 0; s < phases; s++) {
        meanSamples[s] += counts.get(s).asDouble() / rewards.size();
      }
    }
    double total = 0;
    for (double m : meanSamples) {
      total += m;
    }
    double expected = 0;
    double pooled = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = design.path("problem_phases").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      List<Double> r = rewards.get(e.getKey());
      int j = 0;
      double c = 0;
      for (int s = 0; s < phases; s++) {
        int m = e.getValue().get(s).asInt();
        double correct = 0;
        for (int end = j + m; j < end; j++) {
          correct += r.get(j);
        }
        expected += meanSamples[s] / total * correct / m / rewards.size();
        c += correct;
      }
      assertEquals(e.getKey(), r.size(), j);
      pooled += c / r.size() / rewards.size();
    }
    JsonNode passAtK = dataset.path("pass_at_k");
    assertEquals(expected, passAtK.get(0).path("value").asDouble(), 1e-12);
    assertTrue(passAtK.toString(), Math.abs(expected - pooled) > 1e-9);
    assertTrue(passAtK.toString(), passAtK.get(0).path("ci95_lower").asDouble() < expected);
    // pass@k for k >= 2 reads the uniform first phase: no k beyond it
    assertEquals(passAtK.toString(), firstPhase, passAtK.size());

    // the phases overlap (the first phase and each planned one sent ahead while the round before
    // finished), every request once, and the samples are the uniform run's of the same (problem,
    // index)
    JsonNode lookahead = metrics.path("lookahead");
    assertTrue(lookahead.toString(), lookahead.path("samples_sent").asLong() > 0);
    long samples = dataset.path("num_samples").asLong();
    List<String> log = Files.readAllLines(requestLog);
    assertEquals(samples + lookahead.path("unused_samples").asLong(), log.size());
    String uniform = tmp.newFolder("uniform").getPath();
    eval("--samples=" + most, "--simTimeScale=2000", "--cacheDir=none", "--output=" + uniform);
    Map<String, String> uniformResponses = responses(uniform);
    Map<String, String> adaptiveResponses = responses(adaptive);
    assertEquals(samples, adaptiveResponses.size());
    assertTrue(uniformResponses.size() > adaptiveResponses.size());
    adaptiveResponses.forEach((key, text) -> assertEquals(key, uniformResponses.get(key), text));

    // regraded, the samples are read as they were drawn: the same design and estimate
    String regraded = tmp.getRoot().toPath().resolve("regraded").toString();
    new RegradeCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(new String[] {"--input=" + adaptive, "--output=" + regraded});
    JsonNode regradedMetrics = JSON.readTree(Path.of(regraded, "metrics.json").toFile());
    MetricsSchema.assertValid(regradedMetrics);
    JsonNode regradedDataset = regradedMetrics.path("datasets").path("sample");
    assertEquals(design, regradedDataset.path("allocation"));
    assertEquals(
        expected, regradedDataset.path("pass_at_k").get(0).path("value").asDouble(), 1e-12);

    // started again, the same phases come from the cache: not one request
    eval(args);
    assertEquals(log.size(), Files.readAllLines(requestLog).size());
    JsonNode again = JSON.readTree(Path.of(adaptive, "metrics.json").toFile());
    assertEquals(
        expected,
        again.path("datasets").path("sample").path("pass_at_k").get(0).path("value").asDouble(),
        1e-12);
  }

  /**
   * Two datasets that end in different rounds: the one done first keeps its samples as drawn while
   * the other's phases go on (its design still matches its samples, which the statistics check).
   */
  @Test
  public void aDatasetDoneEarlyKeepsItsSamplesWhileAnotherGoesOn() throws Exception {
    String output = tmp.newFolder("two").getPath();
    String printed =
        eval(
            "--dataDir=" + SharedData.datasets(),
            "--benchmarks=aime24,aime25",
            "--precision=0.03",
            "--samples=128",
            "--allocation=adaptive",
            "--simTimeScale=2000",
            "--output=" + output);
    assertTrue(printed, printed.contains("Round 4:"));
    JsonNode metrics = JSON.readTree(Path.of(output, "metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    for (String dataset : List.of("aime24", "aime25")) {
      JsonNode d = metrics.path("datasets").path(dataset);
      assertEquals(dataset, "reached", d.path("precision").path("status").asText());
      long drawn = 0;
      for (JsonNode counts : d.path("allocation").path("problem_phases")) {
        for (JsonNode m : counts) {
          drawn += m.asLong();
        }
      }
      assertEquals(dataset, d.path("num_samples").asLong(), drawn);
    }
  }

  /** On Flink the phases run as successive pipelines: the same design, samples and estimate. */
  @Test
  public void flinkRunsTheSamePhases() throws Exception {
    JsonNode[] runs = new JsonNode[2];
    String[] runners = {"DirectRunner", "FlinkRunner"};
    for (int i = 0; i < 2; i++) {
      String output = tmp.newFolder(runners[i]).getPath();
      eval(
          "--precision=0.03",
          "--samples=64",
          "--allocation=adaptive",
          "--simTimeScale=2000",
          "--runner=" + runners[i],
          "--output=" + output);
      runs[i] = JSON.readTree(Path.of(output, "metrics.json").toFile());
      MetricsSchema.assertValid(runs[i]);
    }
    JsonNode direct = runs[0].path("datasets").path("sample");
    JsonNode flink = runs[1].path("datasets").path("sample");
    assertEquals("adaptive", flink.path("precision").path("allocation").asText());
    assertEquals(direct.path("allocation"), flink.path("allocation"));
    assertEquals(direct.path("num_samples"), flink.path("num_samples"));
    assertEquals(
        direct.path("pass_at_k").get(0).path("value").asDouble(),
        flink.path("pass_at_k").get(0).path("value").asDouble(),
        1e-12);
    assertEquals("FlinkRunner", runs[1].path("manifest").path("runner").asText());
  }

  @Test
  public void badAllocationOptionsAreRefusedBeforeAnyRequest() {
    String out = tmp.getRoot().getPath() + "/never";
    for (String[] args :
        new String[][] {
          {"--precision=0.01", "--allocation=neyman", "--output=" + out},
          {"--allocation=adaptive", "--output=" + out}
        }) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> eval(args));
      assertTrue(e.getMessage(), e.getMessage().contains("--allocation"));
    }
    assertFalse(Path.of(out).toFile().exists());
  }
}
