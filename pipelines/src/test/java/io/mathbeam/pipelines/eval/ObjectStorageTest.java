package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
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
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Runs whose every path is {@code s3://} on a real S3-compatible server ({@link S3TestServer}):
 * problems read from the bucket, samples, metrics and the generation cache written there, regrade
 * and compare on those runs, and a run killed mid-way resumed from the cache in the bucket.
 */
public class ObjectStorageTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BUCKET = "mathbeam";
  private static final String PROBLEMS = "datasets/aime24.jsonl";

  private static S3TestServer s3;

  @BeforeClass
  public static void startServer() throws Exception {
    s3 = S3TestServer.start(TMP.newFolder("s3").toPath(), BUCKET);
    s3.put(PROBLEMS, Files.readAllBytes(SharedData.datasets().resolve("aime24.jsonl")));
  }

  @AfterClass
  public static void stopServer() throws Exception {
    if (s3 != null) {
      s3.close();
    }
  }

  private static SimulatedFleet fleet(double timeScale) throws IOException {
    return SimulatedFleet.start(
        SimConfig.builder()
            .replicas(2)
            .timeScale(timeScale)
            .maxModelLen(40960)
            .answerKey(
                AnswerKey.fromJsonl(
                    List.of(SharedData.datasets().resolve("aime24.jsonl")), "problem", "answer"))
            .build());
  }

  /** An eval whose problems, output and cache are all in the bucket. */
  private static List<String> evalArgs(SimulatedFleet fleet, String run, String cache, int k) {
    List<String> args = new ArrayList<>();
    args.add("eval");
    args.add("--problems=" + s3.uri(PROBLEMS));
    args.add("--samples=" + k);
    args.add("--endpoints=" + String.join(",", fleet.endpoints()));
    args.add("--maxInFlightPerReplica=8");
    args.add("--output=" + s3.uri(run));
    args.add("--cacheDir=" + s3.uri(cache));
    args.addAll(s3.storageArgs());
    return args;
  }

  private static String inProcess(List<String> args) throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    int exit = Main.run(args.toArray(new String[0]), out, quiet);
    assertEquals(console.toString(StandardCharsets.UTF_8), 0, exit);
    return console.toString(StandardCharsets.UTF_8);
  }

  private static long generationRequests(SimulatedFleet fleet) {
    return fleet.requestLog().stream().filter(e -> e.endpoint().contains("completions")).count();
  }

  /** problem_id#index -> (response, status) from the run's Parquet samples in the bucket. */
  private static Map<String, String> samples(String run) throws IOException {
    Map<String, String> out = new TreeMap<>();
    for (GenericRecord r : ParquetRecords.readAll(s3.uri(run) + "/samples/*.parquet")) {
      String key = r.get("problem_id") + "#" + r.get("sample_index");
      String previous = out.put(key, r.get("response") + " | " + r.get("status"));
      assertEquals("duplicate sample " + key, null, previous);
    }
    return out;
  }

  @Test
  public void evalReadsProblemsAndWritesResultsAndCacheInTheBucket() throws Exception {
    try (SimulatedFleet fleet = fleet(4000)) {
      inProcess(evalArgs(fleet, "runs/first", "cache", 3));
      assertEquals(90, generationRequests(fleet));

      List<String> keys = s3.keys("runs/first/");
      for (String file : List.of("metrics.json", "report.html")) {
        assertTrue(file + " not in the bucket: " + keys, keys.contains("runs/first/" + file));
      }
      assertTrue(
          keys.toString(),
          keys.stream().anyMatch(k -> k.matches("runs/first/samples/.*\\.parquet")));
      assertFalse(
          "temporary shards left: " + keys,
          keys.stream().anyMatch(k -> k.contains(".samples-tmp")));
      JsonNode metrics = JSON.readTree(s3.get("runs/first/metrics.json"));
      JsonNode aime = metrics.path("datasets").path("aime24");
      assertEquals(30, aime.path("num_problems").asInt());
      assertEquals(90, aime.path("num_samples").asInt());
      assertEquals(
          s3.uri(PROBLEMS), metrics.path("manifest").path("datasets").get(0).path("path").asText());
      assertTrue(metrics.path("manifest").path("finished_at").isTextual());
      String cacheDir = metrics.path("manifest").path("cache_dir").asText();
      assertTrue(cacheDir, cacheDir.startsWith(s3.uri("cache/")));
      List<String> cached = s3.keys("cache/");
      assertTrue(cached.toString(), cached.stream().anyMatch(k -> k.endsWith("/manifest.json")));
      assertEquals(90, cachedSeeds().size());
      Map<String, String> first = samples("runs/first");
      assertEquals(90, first.size());

      // a second run with the same cache: no request, the same samples
      inProcess(evalArgs(fleet, "runs/second", "cache", 3));
      assertEquals("the rerun sent requests", 90, generationRequests(fleet));
      assertEquals(first, samples("runs/second"));

      // regrade and compare read those runs from the bucket and write there too
      inProcess(
          concat(
              List.of(
                  "regrade",
                  "--input=" + s3.uri("runs/first"),
                  "--output=" + s3.uri("runs/first-regraded")),
              s3.storageArgs()));
      assertEquals(first, samples("runs/first-regraded"));
      String compare =
          inProcess(
              concat(
                  List.of(
                      "compare",
                      "--baseline=" + s3.uri("runs/first"),
                      "--candidate=" + s3.uri("runs/second")),
                  s3.storageArgs()));
      assertTrue(compare, compare.contains("Outputs in " + s3.uri("runs/second/compare")));
      assertTrue(s3.keys("runs/second/compare/").contains("runs/second/compare/compare.json"));
    }
  }

  @Test
  public void afterSigkillTheRerunSendsNoRequestForGenerationsCachedInTheBucket() throws Exception {
    try (SimulatedFleet fleet = fleet(30)) {
      List<String> args = evalArgs(fleet, "runs/killed", "killed-cache", 8);
      // the same problems named as a benchmark of a data directory in the bucket
      args.remove("--problems=" + s3.uri(PROBLEMS));
      args.remove("--samples=8");
      args.add("--benchmarks=aime24:8");
      args.add("--dataDir=" + s3.uri("datasets"));
      // checkpoints every second: the slow fleet's run lasts long enough to be killed after some
      args.add("--cacheCheckpointSeconds=1");
      Process process = startEval(args);
      try {
        waitForCheckpointsThenKill(process);
      } finally {
        process.destroyForcibly();
      }
      long killedAt = System.currentTimeMillis();
      Set<Long> saved = seedsIn("killed-cache/");
      assertTrue("the kill came too late to test anything: " + saved.size(), saved.size() < 240);

      inProcess(args);
      List<RequestLogEntry> rerun = new ArrayList<>();
      for (RequestLogEntry e : fleet.requestLog()) {
        if (e.arrivalMs() > killedAt && e.endpoint().contains("completions")) {
          rerun.add(e);
        }
      }
      for (RequestLogEntry e : rerun) {
        assertFalse(
            "seed " + e.seed() + " was checkpointed but requested again", saved.contains(e.seed()));
      }
      assertEquals(240 - saved.size(), rerun.stream().filter(e -> e.status() == 200).count());
      assertEquals(240, samples("runs/killed").size());
      JsonNode metrics = JSON.readTree(s3.get("runs/killed/metrics.json"));
      assertEquals(240, metrics.path("datasets").path("aime24").path("num_samples").asInt());
    }
  }

  /** Waits until 40 or more generations are checkpointed in the bucket, then SIGKILLs the run. */
  private static void waitForCheckpointsThenKill(Process process) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (seedsIn("killed-cache/").size() < 40) {
      assertTrue("the run finished or stalled before it could be killed", process.isAlive());
      assertTrue("timed out waiting for checkpoints", System.nanoTime() < deadline);
      Thread.sleep(200);
    }
    process.destroyForcibly(); // SIGKILL
    assertTrue(process.waitFor(30, TimeUnit.SECONDS));
  }

  private static Process startEval(List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String property :
        List.of("aws.accessKeyId", "aws.secretAccessKey", "aws.disableEc2Metadata")) {
      command.add("-D" + property + "=" + System.getProperty(property));
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(args);
    File log = File.createTempFile("killed-s3-eval", ".log");
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
  }

  private static Set<Long> cachedSeeds() throws IOException, InterruptedException {
    return seedsIn("cache/");
  }

  /** Seeds of the generations checkpointed under {@code prefix} (the cache key's fourth field). */
  private static Set<Long> seedsIn(String prefix) throws IOException, InterruptedException {
    Set<Long> seeds = new HashSet<>();
    for (String key : s3.keys(prefix)) {
      if (!key.endsWith(".jsonl")) {
        continue;
      }
      for (String line : s3.get(key).split("\n")) {
        try {
          seeds.add(Long.parseLong(JSON.readTree(line).get("key").asText().split("\t")[3]));
        } catch (IOException | RuntimeException e) {
          // not a complete record
        }
      }
    }
    return seeds;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
