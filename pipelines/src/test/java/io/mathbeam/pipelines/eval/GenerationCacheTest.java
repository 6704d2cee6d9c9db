package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.Main;
import io.mathbeam.transforms.ParquetRecords;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Nothing paid twice: reruns reuse checkpointed generations, also after a SIGKILL. */
public class GenerationCacheTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static SimulatedFleet fleet(double timeScale) throws IOException {
    Path data = SharedData.datasets();
    return SimulatedFleet.start(
        SimConfig.builder()
            .replicas(2)
            .timeScale(timeScale)
            .maxModelLen(40960)
            .answerKey(
                AnswerKey.fromJsonl(List.of(data.resolve("aime24.jsonl")), "problem", "answer"))
            .build());
  }

  private static List<String> args(SimulatedFleet fleet, String output, int k) {
    return List.of(
        "eval",
        "--benchmarks=aime24:" + k,
        "--dataDir=" + SharedData.datasets(),
        "--endpoints=" + String.join(",", fleet.endpoints()),
        "--maxInFlightPerReplica=8",
        "--output=" + output);
  }

  private static void evalInProcess(List<String> args) throws Exception {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    assertEquals(0, Main.run(args.toArray(new String[0]), quiet, quiet));
  }

  private static long generationRequests(SimulatedFleet fleet) {
    return fleet.requestLog().stream().filter(e -> e.endpoint().contains("completions")).count();
  }

  /** data_source/problem_id#index -> (response, status), and the pass@k values. */
  private static Map<String, String> results(String output) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (GenericRecord r : ParquetRecords.readAll(output + "/samples/*.parquet")) {
      String key = r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index");
      String previous = out.put(key, r.get("response") + " | " + r.get("status"));
      assertEquals("duplicate sample " + key, null, previous);
    }
    JsonNode metrics = JSON.readTree(Path.of(output, "metrics.json").toFile());
    out.put("pass_at_k", metrics.path("datasets").path("aime24").path("pass_at_k").toString());
    return out;
  }

  @Test
  public void rerunSendsNoRequestForCachedSamplesAndWritesTheSameResults() throws Exception {
    try (SimulatedFleet fleet = fleet(4000)) {
      String output = tmp.newFolder("run").getPath();
      evalInProcess(args(fleet, output, 3));
      long first = generationRequests(fleet);
      assertEquals(90, first);
      Map<String, String> firstResults = results(output);

      evalInProcess(args(fleet, output, 3));
      assertEquals("the rerun sent requests", first, generationRequests(fleet));
      assertEquals(firstResults, results(output));

      evalInProcess(args(fleet, output, 5));
      assertEquals("only the two new samples per problem", first + 60, generationRequests(fleet));
      assertEquals(150, results(output).size() - 1);
    }
  }

  @Test
  public void afterSigkillTheRerunPaysOnlyForUnfinishedSamplesAndMatchesACleanRun()
      throws Exception {
    try (SimulatedFleet fleet = fleet(30)) {
      String output = tmp.newFolder("killed").getPath();
      Process process = startEval(args(fleet, output, 8));
      Path cacheRoot = Path.of(output, "cache");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (cachedSeeds(cacheRoot).size() < 40) {
        assertTrue("the run finished or stalled before it could be killed", process.isAlive());
        assertTrue("timed out waiting for checkpoints", System.nanoTime() < deadline);
        Thread.sleep(50);
      }
      process.destroyForcibly(); // SIGKILL
      assertTrue(process.waitFor(30, TimeUnit.SECONDS));
      long killedAt = System.currentTimeMillis();
      Set<Long> saved = cachedSeeds(cacheRoot);
      assertTrue("the kill came too late to test anything: " + saved.size(), saved.size() < 240);

      evalInProcess(args(fleet, output, 8));
      List<RequestLogEntry> rerun = new ArrayList<>();
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.arrivalMs() > killedAt && e.endpoint().contains("completions")) {
          rerun.add(e);
        }
      }
      for (RequestLogEntry e : rerun) {
        assertTrue(
            "seed " + e.seed() + " was checkpointed but requested again",
            !saved.contains(e.seed()));
      }
      assertEquals(240 - saved.size(), rerun.stream().filter(e -> e.status() == 200).count());

      try (SimulatedFleet clean = fleet(4000)) {
        String cleanOutput = tmp.newFolder("clean").getPath();
        evalInProcess(args(clean, cleanOutput, 8));
        assertEquals(results(cleanOutput), results(output));
      }
    }
  }

  private static Process startEval(List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(args);
    File log = File.createTempFile("killed-eval", ".log");
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
  }

  /** Seeds of the samples checkpointed in the cache (the cache key's fourth field). */
  private static Set<Long> cachedSeeds(Path cacheRoot) throws IOException {
    Set<Long> seeds = new HashSet<>();
    if (!Files.isDirectory(cacheRoot)) {
      return seeds;
    }
    try (Stream<Path> files = Files.walk(cacheRoot)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
        for (String line : Files.readAllLines(f)) {
          try {
            JsonNode node = JSON.readTree(line);
            seeds.add(Long.parseLong(node.get("key").asText().split("\t")[3]));
          } catch (IOException | RuntimeException e) {
            // a line cut off by the kill
          }
        }
      }
    }
    return seeds;
  }
}
