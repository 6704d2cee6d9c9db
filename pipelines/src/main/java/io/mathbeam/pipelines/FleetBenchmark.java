package io.mathbeam.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SeedDerivation;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code mathbeam bench-fleet}: how well generation keeps a simulated fleet busy. Runs the eval
 * pipeline against a fresh fleet, then a baseline client (a fixed pool of worker threads with
 * round-robin routing, as common eval scripts do) against another, and prints for each: fleet
 * utilisation = ideal makespan (the work asked for / the fleet's capacity, from the simulator's
 * model: see {@link FleetFigures}) / actual makespan (first request to last response), and the peak
 * sequences in flight per replica against the cap.
 *
 * <p>{@code --runs} compares ways of running the pipeline side by side, each against a fresh fleet:
 * {@code direct} (the DirectRunner, one JVM), {@code flink-jvm} (the embedded Flink cluster with
 * per-JVM limits, {@code --generationShards=0}) and {@code flink-job} (the same with the limits
 * held job-wide by shards, {@code --shards} of them or the automatic count).
 */
final class FleetBenchmark {
  private static final ObjectMapper JSON = new ObjectMapper();

  private int problems = 200;
  private int samples = 8;
  private int replicas = 4;
  private int maxNumSeqs = 64;
  private double timeScale = 2;
  private int maxTokens = 4096;
  private int baselineThreads = 8;
  private int baselineSamples = 320;
  private boolean baseline = true;
  private List<String> runs = List.of("direct");
  private int parallelism = 2;
  private int shards = -1;

  static int main(String[] args, PrintStream out) throws Exception {
    FleetBenchmark bench = new FleetBenchmark();
    for (String arg : args) {
      if (arg.equals("--help")) {
        out.println(
            "usage: mathbeam bench-fleet [--problems=200] [--samples=8] [--replicas=4]"
                + " [--maxNumSeqs=64] [--timeScale=2] [--maxTokens=4096] [--baselineThreads=8]"
                + " [--baselineSamples=320] [--baseline=true] [--runs=direct,flink-jvm,flink-job]"
                + " [--parallelism=2] [--shards=-1]");
        return 0;
      }
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException("bench-fleet: expected --name=value, got " + arg);
      }
      switch (kv[0]) {
        case "problems" -> bench.problems = Integer.parseInt(kv[1]);
        case "samples" -> bench.samples = Integer.parseInt(kv[1]);
        case "replicas" -> bench.replicas = Integer.parseInt(kv[1]);
        case "maxNumSeqs" -> bench.maxNumSeqs = Integer.parseInt(kv[1]);
        case "timeScale" -> bench.timeScale = Double.parseDouble(kv[1]);
        case "maxTokens" -> bench.maxTokens = Integer.parseInt(kv[1]);
        case "baselineThreads" -> bench.baselineThreads = Integer.parseInt(kv[1]);
        case "baselineSamples" -> bench.baselineSamples = Integer.parseInt(kv[1]);
        case "baseline" -> bench.baseline = Boolean.parseBoolean(kv[1]);
        case "runs" -> bench.runs = runs(kv[1]);
        case "parallelism" -> bench.parallelism = Integer.parseInt(kv[1]);
        case "shards" -> bench.shards = Integer.parseInt(kv[1]);
        default -> throw new IllegalArgumentException("bench-fleet: unknown option " + arg);
      }
    }
    bench.run(out);
    return 0;
  }

  private void run(PrintStream out) throws Exception {
    Path dir = Files.createTempDirectory("mathbeam-bench-fleet");
    Map<String, String> answers = new LinkedHashMap<>();
    StringBuilder jsonl = new StringBuilder();
    for (int i = 0; i < problems; i++) {
      String problem =
          "Benchmark problem " + i + ": compute " + (17 * i + 3) + " + " + (29 * i + 5) + ".";
      String answer = Integer.toString(46 * i + 8);
      answers.put(problem, answer);
      ObjectNode row =
          JSON.createObjectNode().put("id", "b" + i).put("problem", problem).put("answer", answer);
      jsonl.append(JSON.writeValueAsString(row)).append('\n');
    }
    Path file = dir.resolve("bench.jsonl");
    Files.writeString(file, jsonl);
    SimConfig config =
        SimConfig.builder()
            .replicas(replicas)
            .maxNumSeqs(maxNumSeqs)
            .timeScale(timeScale)
            .maxModelLen(40960)
            .answerKey(AnswerKey.of(answers))
            .build();
    out.printf(
        Locale.ROOT,
        "workload: %d problems x %d samples, %d replicas, max_num_seqs %d, timeScale %s,"
            + " max_tokens %d%n",
        problems,
        samples,
        replicas,
        maxNumSeqs,
        timeScale,
        maxTokens);

    for (String run : runs) {
      try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        List<String> args =
            new ArrayList<>(
                List.of(
                    "eval",
                    "--problems=" + file,
                    "--samples=" + samples,
                    "--endpoints=" + String.join(",", fleet.endpoints()),
                    "--maxInFlightPerReplica=" + maxNumSeqs,
                    "--maxTokens=" + maxTokens,
                    "--cacheDir=none",
                    "--output=" + dir.resolve("out-" + run)));
        args.addAll(runArgs(run));
        Main.run(args.toArray(new String[0]), quiet, quiet);
        FleetFigures figures = FleetFigures.of(fleet.requestLog(), config, maxNumSeqs);
        out.println(figures.format("mathbeam eval (" + describe(run) + ")", maxNumSeqs));
      }
      JsonNode metrics = JSON.readTree(dir.resolve("out-" + run).resolve("metrics.json").toFile());
      JsonNode counters = metrics.path("run_counters");
      out.printf(
          Locale.ROOT,
          "  retries %d, request errors %d, generation shards %d%n",
          counters.path("retries").asLong(),
          counters.path("request_failures").asLong(),
          metrics.path("manifest").path("config").path("generation_shards").asInt());
    }
    if (baseline) {
      try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
        runBaseline(fleet.endpoints(), new ArrayList<>(answers.keySet()));
        out.println(
            FleetFigures.of(fleet.requestLog(), config, maxNumSeqs)
                .format(
                    "baseline: "
                        + baselineThreads
                        + " threads, round-robin, one request each (first "
                        + Math.min(baselineSamples, problems * samples)
                        + " samples)",
                    maxNumSeqs));
      }
    }
  }

  private static List<String> runs(String value) {
    List<String> out = new ArrayList<>();
    for (String run : value.split(",")) {
      if (!List.of("direct", "flink-jvm", "flink-job").contains(run.trim())) {
        throw new IllegalArgumentException(
            "bench-fleet: --runs takes direct, flink-jvm and flink-job, got " + run);
      }
      out.add(run.trim());
    }
    return out;
  }

  private List<String> runArgs(String run) {
    return switch (run) {
      case "direct" -> List.of("--runner=DirectRunner");
      case "flink-jvm" ->
          List.of("--runner=FlinkRunner", "--parallelism=" + parallelism, "--generationShards=0");
      default ->
          List.of(
              "--runner=FlinkRunner",
              "--parallelism=" + parallelism,
              "--generationShards=" + shards);
    };
  }

  private String describe(String run) {
    return switch (run) {
      case "direct" -> "DirectRunner";
      case "flink-jvm" -> "embedded Flink, parallelism " + parallelism + ", limits per JVM";
      default -> "embedded Flink, parallelism " + parallelism + ", limits job-wide by shard";
    };
  }

  /** What a typical eval script does: N threads, each sending one request at a time. */
  private void runBaseline(List<String> endpoints, List<String> problemTexts)
      throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    List<String[]> work = new ArrayList<>();
    for (int p = 0; p < problemTexts.size(); p++) {
      for (int s = 0; s < samples; s++) {
        work.add(
            new String[] {
              problemTexts.get(p), Long.toString(SeedDerivation.seed(0, "bench", "b" + p, s))
            });
      }
    }
    if (work.size() > baselineSamples) {
      // it is slow enough that the whole workload would take many minutes
      work.subList(baselineSamples, work.size()).clear();
    }
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(baselineThreads);
    for (int t = 0; t < baselineThreads; t++) {
      pool.execute(
          () -> {
            int i;
            while ((i = next.getAndIncrement()) < work.size()) {
              String url = endpoints.get(i % endpoints.size()) + "/v1/chat/completions";
              ObjectNode body = JSON.createObjectNode();
              body.putArray("messages")
                  .addObject()
                  .put("role", "user")
                  .put("content", PromptTemplate.defaults().userMessage(work.get(i)[0]));
              body.put("temperature", 0.6).put("top_p", 0.95).put("max_tokens", maxTokens);
              body.put("seed", Long.parseLong(work.get(i)[1]));
              try {
                http.send(
                    HttpRequest.newBuilder(URI.create(url))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                        .build(),
                    HttpResponse.BodyHandlers.discarding());
              } catch (IOException e) {
                // the baseline does not retry; a failure only shortens its makespan
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
              }
            }
          });
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.HOURS);
  }
}
