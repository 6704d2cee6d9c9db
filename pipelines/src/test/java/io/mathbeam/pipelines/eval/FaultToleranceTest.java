package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimConfigBuilder;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.Main;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Faults on the wire and a replica lost mid-run change nothing in the results. */
public class FaultToleranceTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static SimConfigBuilder fleet(double timeScale) throws IOException {
    Path data = SharedData.datasets();
    return SimConfig.builder()
        .replicas(2)
        .timeScale(timeScale)
        .maxModelLen(40960)
        .answerKey(AnswerKey.fromJsonl(List.of(data.resolve("aime24.jsonl")), "problem", "answer"));
  }

  private static void eval(SimulatedFleet fleet, String output) throws Exception {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    String[] args = {
      "eval",
      "--benchmarks=aime24:6",
      "--dataDir=" + SharedData.datasets(),
      "--endpoints=" + String.join(",", fleet.endpoints()),
      "--maxInFlightPerReplica=8",
      "--output=" + output
    };
    assertEquals(0, Main.run(args, quiet, quiet));
  }

  /** Per sample: response and status; plus the dataset's pass@k. */
  private static Map<String, String> results(String output) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (GenericRecord r : ParquetRecords.readAll(output + "/samples/*.parquet")) {
      String key = r.get("problem_id") + "#" + r.get("sample_index");
      assertEquals(
          "duplicate " + key, null, out.put(key, r.get("response") + "|" + r.get("status")));
    }
    JsonNode metrics = JSON.readTree(Path.of(output, "metrics.json").toFile());
    out.put("pass_at_k", metrics.path("datasets").path("aime24").path("pass_at_k").toString());
    return out;
  }

  @Test
  public void resultsEqualAFaultFreeRunDespiteErrorsResetsSlowBodiesAndAReplicaRestart()
      throws Exception {
    String cleanOutput = tmp.newFolder("clean").getPath();
    try (SimulatedFleet clean = SimulatedFleet.start(fleet(4000).build())) {
      eval(clean, cleanOutput);
    }

    SimConfig faulty =
        fleet(100)
            .errorRate(503, 0.05)
            .connectionResetRate(0.02)
            .slowBodyRate(0.01)
            .slowBodyMillis(200)
            .faultSeed(7)
            .build();
    String output = tmp.newFolder("faulty").getPath();
    try (SimulatedFleet fleet = SimulatedFleet.start(faulty)) {
      CompletableFuture<Void> chaos =
          CompletableFuture.runAsync(
              () -> {
                try {
                  while (fleet.requestLog().size() < 40) {
                    Thread.sleep(20);
                  }
                  fleet.killReplica(0);
                  Thread.sleep(1500);
                  fleet.restartReplica(0);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      eval(fleet, output);
      chaos.get(60, TimeUnit.SECONDS);
      long faults = fleet.requestLog().stream().filter(e -> e.fault() != null).count();
      assertTrue("no fault was injected", faults > 0);
    }
    assertEquals(180 + 1, results(output).size());
    assertEquals(results(cleanOutput), results(output));
    JsonNode counters =
        JSON.readTree(Path.of(output, "metrics.json").toFile()).path("run_counters");
    assertTrue(counters.toString(), counters.path("retries").asLong() > 0);
    assertEquals(0, counters.path("request_failures").asLong());
  }
}
