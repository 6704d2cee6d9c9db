package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sandbox.TestSandboxes;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.InFlightPeak;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.generic.GenericRecord;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code mathbeam eval} on a real Flink 1.19 standalone session cluster (one JobManager and two
 * TaskManagers as separate JVMs, started by deploy/flink/start-cluster.sh) gives the DirectRunner's
 * grades and metrics, also when a TaskManager is killed with SIGKILL in the middle of generation.
 *
 * <p>Needs Java 17, curl, Maven (once, to resolve the Flink jars), ports 8081 and 6123, ../shared,
 * and the shaded jar pipelines/target/mathbeam.jar, which is what the job ships to the cluster
 * (system property {@code mathbeam.jar} overrides its path). The test classes must match that jar's
 * classes, as they do after {@code mvn package}. Takes about 3 to 4 minutes on 2 cores.
 */
public class FlinkClusterIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String REST = "http://localhost:8081";
  // the simulated generation of all 200 samples takes about 20 to 40 s of wall time
  private static final double TIME_SCALE =
      Double.parseDouble(System.getProperty("flinkit.timeScale", "150"));
  private static final double KILL_AFTER_FRACTION = 0.3;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static Path repoRoot;
  private static Path clusterDir;
  private static Path shadedJar;
  private static Path data;
  private static SimulatedFleet fleet;
  private static Map<String, String> directGrades;
  private static JsonNode directMetrics;
  private static int directRequests;

  @BeforeClass
  public static void startClusterFleetAndDirectRun() throws Exception {
    repoRoot = findRepoRoot();
    clusterDir =
        Path.of(
                System.getProperty(
                    "flinkit.clusterDir",
                    repoRoot.resolve("pipelines/target/flink-it-cluster").toString()))
            .toAbsolutePath();
    shadedJar =
        Path.of(
                System.getProperty(
                    "mathbeam.jar", repoRoot.resolve("pipelines/target/mathbeam.jar").toString()))
            .toAbsolutePath();
    assertTrue(
        "the shaded jar "
            + shadedJar
            + " is missing; run mvn package first (it is the jar shipped to the cluster)",
        Files.isRegularFile(shadedJar));
    data = SharedData.datasets();

    // a cluster left behind by an aborted earlier run would hold the ports
    script("stop-cluster.sh", "--dir=" + clusterDir);
    long start = System.nanoTime();
    script("start-cluster.sh", "--taskmanagers=2", "--dir=" + clusterDir);
    report("cluster start (script, 2 TaskManagers registered)", start);

    fleet =
        SimulatedFleet.start(
            SimConfig.builder()
                .replicas(2)
                .timeScale(TIME_SCALE)
                .maxModelLen(40960)
                .answerKey(
                    AnswerKey.fromJsonl(
                        List.of(
                            data.resolve("aime24.jsonl"),
                            data.resolve("amc23.jsonl"),
                            data.resolve("code/humaneval.jsonl")),
                        "problem",
                        "answer"))
                .build());

    String direct = TMP.newFolder("direct").getPath();
    int before = generationRequests();
    start = System.nanoTime();
    eval(args(direct, TMP.newFolder("direct-cache").getPath()));
    report("DirectRunner eval", start);
    directRequests = generationRequests() - before;
    System.out.println("FlinkClusterIT: DirectRunner sent " + directRequests + " requests");
    directGrades = uniqueGrades(direct);
    directMetrics = JSON.readTree(Path.of(direct, "metrics.json").toFile());
    assertTrue("too few samples to compare: " + directGrades.size(), directGrades.size() > 100);
  }

  @AfterClass
  public static void stopFleetAndCluster() throws Exception {
    try {
      if (fleet != null) {
        fleet.close();
      }
    } finally {
      if (clusterDir != null) {
        script("stop-cluster.sh", "--dir=" + clusterDir);
      }
    }
  }

  @Test
  public void clusterRunGradesEverySampleAsTheDirectRunnerDoes() throws Exception {
    String output = TMP.newFolder("cluster").getPath();
    int before = generationRequests();
    long start = System.nanoTime();
    eval(clusterArgs(output, TMP.newFolder("cluster-cache").getPath()));
    report("FlinkRunner eval on the cluster", start);
    System.out.println(
        "FlinkClusterIT: clean cluster run sent " + (generationRequests() - before) + " requests");

    assertEquals(directGrades, uniqueGrades(output));
    JsonNode metrics = JSON.readTree(Path.of(output, "metrics.json").toFile());
    assertSameMetrics(metrics);
    assertEquals("FlinkRunner", metrics.path("manifest").path("runner").asText());
  }

  @Test
  public void runSurvivesAKilledTaskManagerWithOneRowPerSample() throws Exception {
    String output = TMP.newFolder("killed").getPath();
    int before = generationRequests();
    int killAt = (int) Math.ceil(KILL_AFTER_FRACTION * directRequests);
    AtomicReference<String> killed = new AtomicReference<>();
    AtomicReference<Throwable> killFailure = new AtomicReference<>();
    Thread killer =
        new Thread(
            () -> {
              try {
                while (generationRequests() - before <= killAt) {
                  Thread.sleep(50);
                }
                int seen = generationRequests() - before;
                // the replacement gives the job its second slot back (one slot per TaskManager)
                script("kill-taskmanager.sh", "--dir=" + clusterDir, "--index=0", "--replace");
                killed.set("after " + seen + " of about " + directRequests + " requests");
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (Throwable t) {
                killFailure.set(t);
              }
            },
            "kill-taskmanager");
    killer.setDaemon(true);
    long start = System.nanoTime();
    killer.start();
    try {
      eval(clusterArgs(output, TMP.newFolder("killed-cache").getPath()));
    } finally {
      killer.interrupt();
      killer.join(TimeUnit.SECONDS.toMillis(30));
    }
    report("FlinkRunner eval with a TaskManager killed", start);
    int requests = generationRequests() - before;
    System.out.printf(
        Locale.ROOT,
        "FlinkClusterIT: killed run sent %d requests (DirectRunner %d, %d repeated), kill %s%n",
        requests,
        directRequests,
        requests - directRequests,
        killed.get());
    if (killFailure.get() != null) {
      throw new AssertionError("kill-taskmanager.sh failed", killFailure.get());
    }
    if (killed.get() == null) {
      fail("the job finished before " + killAt + " requests were seen; no TaskManager was killed");
    }
    int failures = failuresOfLatestJob();
    System.out.println("FlinkClusterIT: the killed job recorded " + failures + " failure(s)");
    assertTrue("the job recorded no failure, so the kill did not hit it", failures > 0);

    List<String> keys = new ArrayList<>();
    Map<String, String> grades = grades(output, keys);
    assertEquals("one row per (dataset, problem, sample index)", keys.size(), grades.size());
    assertEquals(directGrades, grades);
    assertSameMetrics(JSON.readTree(Path.of(output, "metrics.json").toFile()));
  }

  /**
   * Two TaskManager JVMs share one fleet: keyed by shard, generation keeps every replica within the
   * cap for the whole job; with per-JVM limits the same job puts more than the cap on a replica
   * (what the shards prevent, and proof that the check can fail).
   */
  @Test
  public void perReplicaCapHoldsForTheWholeJobOnTwoTaskManagers() throws Exception {
    int cap = 4;
    // slower than the class's fleet, so that both workers' requests overlap for seconds
    SimConfig slower = fleet.config().toBuilder().timeScale(TIME_SCALE / 4).build();
    try (SimulatedFleet capped = SimulatedFleet.start(slower)) {
      String jobWide = TMP.newFolder("job-wide").getPath();
      long start = System.nanoTime();
      eval(cappedArgs(capped, jobWide, cap));
      report("FlinkRunner eval with job-wide limits", start);
      List<Integer> jobWidePeaks = peaks(capped.requestLog(), 2);
      int jobWideRequests = capped.requestLog().size();

      String perJvm = TMP.newFolder("per-jvm").getPath();
      eval(concat(cappedArgs(capped, perJvm, cap), "--generationShards=0"));
      List<RequestLogEntry> secondRun =
          capped.requestLog().subList(jobWideRequests, capped.requestLog().size());
      List<Integer> perJvmPeaks = peaks(secondRun, 2);
      System.out.println(
          "FlinkClusterIT: peak sequences per replica, cap "
              + cap
              + ": job-wide "
              + jobWidePeaks
              + ", per JVM "
              + perJvmPeaks);

      for (int peak : jobWidePeaks) {
        assertTrue("job-wide peaks " + jobWidePeaks + " above the cap " + cap, peak <= cap);
      }
      assertTrue(
          "both replicas were used up to the cap: " + jobWidePeaks,
          jobWidePeaks.stream().allMatch(peak -> peak >= cap - 1));
      assertTrue(
          "per-JVM limits should have put more than " + cap + " on a replica: " + perJvmPeaks,
          perJvmPeaks.stream().anyMatch(peak -> peak > cap));
      JsonNode metrics = JSON.readTree(Path.of(jobWide, "metrics.json").toFile());
      // 4 x parallelism 2, at most the cap
      assertEquals(4, metrics.path("manifest").path("config").path("generation_shards").asInt());
      assertEquals(directGrades, uniqueGrades(jobWide));
      assertSameMetrics(metrics);
    }
  }

  private static String[] cappedArgs(SimulatedFleet capped, String output, int cap)
      throws IOException {
    List<String> all = new ArrayList<>(List.of(clusterArgs(output, "none")));
    all.removeIf(a -> a.startsWith("--endpoints="));
    all.add("--endpoints=" + String.join(",", capped.endpoints()));
    all.add("--maxInFlightPerReplica=" + cap);
    return all.toArray(new String[0]);
  }

  /** The peak sequences in flight on each replica, from successful generation requests. */
  private static List<Integer> peaks(List<RequestLogEntry> log, int replicas) {
    List<RequestLogEntry> generations = new ArrayList<>();
    for (RequestLogEntry e : log) {
      if (e.status() == 200 && e.endpoint().contains("completions")) {
        generations.add(e);
      }
    }
    List<Integer> peaks = new ArrayList<>();
    for (int r = 0; r < replicas; r++) {
      peaks.add(InFlightPeak.of(generations, r));
    }
    return peaks;
  }

  /** Model-written code runs where grading runs: in the sandboxes of the TaskManager JVMs. */
  @Test
  public void humanEvalOnTheClusterGradesAsTheDirectRunnerDoes() throws Exception {
    TestSandboxes.ensureInstalled();
    String[] common = {
      "--benchmarks=humaneval:1",
      "--dataDir=" + data,
      "--endpoints=" + String.join(",", fleet.endpoints()),
      "--cacheDir=none",
      "--sandboxTimeoutSeconds=2"
    };
    String direct = TMP.newFolder("humaneval-direct").getPath();
    eval(concat(common, "--output=" + direct));
    String cluster = TMP.newFolder("humaneval-cluster").getPath();
    long start = System.nanoTime();
    eval(
        concat(
            common,
            "--output=" + cluster,
            "--runner=FlinkRunner",
            "--flinkMaster=localhost:8081",
            "--parallelism=2",
            "--filesToStage=" + shadedJar));
    report("HumanEval on the cluster", start);

    Map<String, String> grades = uniqueGrades(direct);
    assertEquals(164, grades.size());
    assertTrue(grades.toString(), grades.values().stream().anyMatch(g -> g.startsWith("correct")));
    assertEquals(grades, uniqueGrades(cluster));
    JsonNode a = JSON.readTree(Path.of(direct, "metrics.json").toFile());
    JsonNode b = JSON.readTree(Path.of(cluster, "metrics.json").toFile());
    assertEquals(
        a.path("datasets").path("humaneval").path("pass_at_k"),
        b.path("datasets").path("humaneval").path("pass_at_k"));
  }

  private static String[] concat(String[] a, String... b) {
    List<String> all = new ArrayList<>(List.of(a));
    all.addAll(List.of(b));
    return all.toArray(new String[0]);
  }

  private static void assertSameMetrics(JsonNode metrics) {
    for (String dataset : List.of("aime24", "amc23")) {
      for (String field : List.of("num_problems", "pass_at_k", "maj_at_k", "counts")) {
        assertEquals(
            dataset + " " + field,
            directMetrics.path("datasets").path(dataset).path(field),
            metrics.path("datasets").path(dataset).path(field));
      }
    }
    assertEquals(
        directMetrics.path("_aggregate").path("pass_at_k"),
        metrics.path("_aggregate").path("pass_at_k"));
  }

  private static String[] args(String output, String cacheDir) {
    return new String[] {
      "--benchmarks=aime24:4,amc23:2",
      "--dataDir=" + data,
      "--endpoints=" + String.join(",", fleet.endpoints()),
      "--cacheDir=" + cacheDir,
      "--output=" + output
    };
  }

  private static String[] clusterArgs(String output, String cacheDir) {
    List<String> all = new ArrayList<>(List.of(args(output, cacheDir)));
    all.add("--runner=FlinkRunner");
    all.add("--flinkMaster=localhost:8081");
    all.add("--parallelism=2");
    all.add("--filesToStage=" + shadedJar);
    return all.toArray(new String[0]);
  }

  private static void eval(String... args) throws Exception {
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(args);
  }

  private static int generationRequests() {
    return fleet.requestLog().size();
  }

  /** Grades by sample key; fails on a key that occurs twice. */
  private static Map<String, String> uniqueGrades(String runDir) throws IOException {
    List<String> keys = new ArrayList<>();
    Map<String, String> grades = grades(runDir, keys);
    assertEquals("duplicate sample rows in " + runDir, keys.size(), grades.size());
    return grades;
  }

  private static Map<String, String> grades(String runDir, List<String> keys) throws IOException {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      String key = r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index");
      keys.add(key);
      out.put(
          key,
          r.get("status")
              + "|"
              + r.get("extracted_answer")
              + "|"
              + r.get("seed")
              + "|"
              + r.get("completion_tokens"));
    }
    return out;
  }

  /** Entries in the exception history of the most recently started job on the cluster. */
  private static int failuresOfLatestJob() throws Exception {
    JsonNode jobs = JSON.readTree(get("/jobs/overview")).path("jobs");
    JsonNode latest = null;
    for (JsonNode job : jobs) {
      if (latest == null || job.path("start-time").asLong() > latest.path("start-time").asLong()) {
        latest = job;
      }
    }
    assertTrue("the cluster lists no job", latest != null);
    assertEquals("FINISHED", latest.path("state").asText());
    JsonNode exceptions =
        JSON.readTree(get("/jobs/" + latest.path("jid").asText() + "/exceptions"));
    return exceptions.path("exceptionHistory").path("entries").size();
  }

  private static String get(String path) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(REST + path))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(path + ": " + response.body(), 200, response.statusCode());
    return response.body();
  }

  /** Runs one of deploy/flink's scripts; fails with its output when it exits non-zero. */
  private static void script(String name, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add("bash");
    command.add(repoRoot.resolve("deploy/flink/" + name).toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    System.out.print(output);
    int exit = process.waitFor();
    if (exit != 0) {
      throw new AssertionError(name + " exited with " + exit + ":\n" + output);
    }
  }

  private static void report(String what, long startNanos) {
    System.out.printf(
        Locale.ROOT,
        "FlinkClusterIT: %s took %.1f s%n",
        what,
        (System.nanoTime() - startNanos) / 1e9);
  }

  private static Path findRepoRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("deploy/flink/start-cluster.sh"))) {
        return dir;
      }
    }
    throw new AssertionError(
        "deploy/flink/start-cluster.sh not found above " + Path.of("").toAbsolutePath());
  }
}
