package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.sweep.SweepCommand;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code --pricePerMillionTokens}: each dataset's tokens and their cost in metrics.json, the
 * summary table and report.html, against the simulated fleet.
 */
public class RunCostTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static PrintStream into(ByteArrayOutputStream printed) {
    return new PrintStream(printed, true, StandardCharsets.UTF_8);
  }

  /** Prompt and completion tokens per dataset, summed over the samples Parquet. */
  private static Map<String, long[]> sampleTokens(String runDir) throws Exception {
    Map<String, long[]> out = new TreeMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      long[] sums = out.computeIfAbsent(r.get("data_source").toString(), d -> new long[2]);
      sums[0] += (Integer) r.get("prompt_tokens");
      sums[1] += (Integer) r.get("completion_tokens");
    }
    return out;
  }

  @Test
  public void pricedRunReportsEachDatasetsTokensAndCost() throws Exception {
    String out = tmp.newFolder("priced").getPath();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    EvalResult result =
        new EvalCommand(into(printed))
            .run(
                new String[] {
                  "--benchmarks=sample:2",
                  "--output=" + out,
                  "--simTimeScale=4000",
                  "--cacheDir=none",
                  "--pricePerMillionTokens=3,15"
                });
    JsonNode metrics = JSON.readTree(Path.of(out, "metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    JsonNode price = metrics.path("manifest").path("price_per_million_tokens");
    assertEquals(3.0, price.path("input").asDouble(), 0);
    assertEquals(15.0, price.path("output").asDouble(), 0);

    Map<String, long[]> tokens = sampleTokens(out);
    assertEquals(List.of("sample"), List.copyOf(tokens.keySet()));
    long in = tokens.get("sample")[0];
    long outTokens = tokens.get("sample")[1];
    assertTrue("the simulator reports prompt tokens", in > 0);
    assertTrue("the simulator reports completion tokens", outTokens > 0);
    JsonNode cost = metrics.path("datasets").path("sample").path("cost");
    assertEquals(in, cost.path("prompt_tokens").asLong());
    assertEquals(outTokens, cost.path("completion_tokens").asLong());
    // the same completion tokens as the run's own per-sample figures
    assertEquals(
        metrics
            .path("datasets")
            .path("sample")
            .path("samples")
            .path("completion_tokens")
            .path("total")
            .asLong(),
        outTokens);
    double expected = in / 1e6 * 3 + outTokens / 1e6 * 15;
    assertEquals(expected, cost.path("total").asDouble(), 1e-12);
    assertEquals(in / 1e6 * 3, cost.path("input_cost").asDouble(), 1e-12);
    assertEquals(outTokens / 1e6 * 15, cost.path("output_cost").asDouble(), 1e-12);
    assertEquals(expected, metrics.path("_aggregate").path("cost").path("total").asDouble(), 1e-12);

    String[] lines = result.summary().split("\\R");
    assertTrue(result.summary(), lines[0].endsWith("PromptTok     ComplTok       Cost"));
    String sampleRow = lines[1];
    assertTrue(sampleRow, sampleRow.startsWith("SAMPLE"));
    assertTrue(
        sampleRow,
        sampleRow.endsWith(
            String.format(
                java.util.Locale.ROOT,
                " %12d %12d %10s",
                in,
                outTokens,
                io.mathbeam.core.report.TokenCost.format(expected))));
    assertTrue(printed.toString(StandardCharsets.UTF_8).contains(result.summary()));
    String report = Files.readString(Path.of(out, "report.html"));
    assertTrue("report shows the price", report.contains("price per million tokens"));
    assertTrue("report shows the dataset's cost", report.contains("cost of sample"));
  }

  @Test
  public void withoutAPriceNothingIsCosted() throws Exception {
    String out = tmp.newFolder("unpriced").getPath();
    EvalResult result =
        new EvalCommand(into(new ByteArrayOutputStream()))
            .run(
                new String[] {
                  "--benchmarks=sample:1",
                  "--output=" + out,
                  "--simTimeScale=4000",
                  "--cacheDir=none"
                });
    JsonNode metrics = JSON.readTree(Path.of(out, "metrics.json").toFile());
    assertFalse(metrics.path("manifest").has("price_per_million_tokens"));
    assertFalse(metrics.path("datasets").path("sample").has("cost"));
    assertFalse(metrics.path("_aggregate").has("cost"));
    assertFalse(result.summary(), result.summary().contains("Cost"));
    assertFalse(Files.readString(Path.of(out, "report.html")).contains("price per million"));
  }

  @Test
  public void aMalformedPriceFailsBeforeTheRun() throws Exception {
    for (String bad : List.of("abc", "-1,2", "0.5")) {
      Path out = tmp.getRoot().toPath().resolve("bad-" + bad.hashCode());
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  new EvalCommand(into(new ByteArrayOutputStream()))
                      .run(
                          new String[] {
                            "--benchmarks=sample:1",
                            "--output=" + out,
                            "--pricePerMillionTokens=" + bad
                          }));
      assertTrue(e.getMessage(), e.getMessage().startsWith("--pricePerMillionTokens: "));
      assertFalse("nothing was written for " + bad, Files.exists(out));
    }
  }

  @Test
  public void aSweepModelsOwnPriceOverridesTheCommandLine() throws Exception {
    Path data = SharedData.datasets();
    SimConfig sim =
        SimConfig.builder()
            .replicas(1)
            .timeScale(4000)
            .maxModelLen(40960)
            .answerKey(
                AnswerKey.fromJsonl(List.of(data.resolve("aime24.jsonl")), "problem", "answer"))
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(sim)) {
      Path sweep = tmp.getRoot().toPath().resolve("sweep.yaml");
      Files.writeString(
          sweep,
          String.join(
              "\n",
              "benchmarks: [aime24:1]",
              "models:",
              "  - name: cheap",
              "    endpoints: [" + fleet.endpoints().get(0) + "]",
              "    price_per_million_tokens: [0.1, 0.4]",
              "  - name: default",
              "    endpoints: [" + fleet.endpoints().get(0) + "]",
              ""));
      String root = tmp.getRoot().toPath().resolve("sweep-out").toString();
      new SweepCommand(into(new ByteArrayOutputStream()))
          .run(
              new String[] {
                "--sweep=" + sweep,
                "--output=" + root,
                "--dataDir=" + data,
                "--cacheDir=none",
                "--pricePerMillionTokens=2,8"
              });
      for (String model : List.of("cheap", "default")) {
        double in = model.equals("cheap") ? 0.1 : 2;
        double outPrice = model.equals("cheap") ? 0.4 : 8;
        JsonNode metrics = JSON.readTree(Path.of(root, model, "metrics.json").toFile());
        MetricsSchema.assertValid(metrics);
        JsonNode price = metrics.path("manifest").path("price_per_million_tokens");
        assertEquals(model, in, price.path("input").asDouble(), 0);
        assertEquals(model, outPrice, price.path("output").asDouble(), 0);
        long[] tokens = sampleTokens(root + "/" + model).get("aime24");
        JsonNode cost = metrics.path("datasets").path("aime24").path("cost");
        assertEquals(
            model,
            tokens[0] / 1e6 * in + tokens[1] / 1e6 * outPrice,
            cost.path("total").asDouble(),
            1e-12);
      }
    }
  }
}
