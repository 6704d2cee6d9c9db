package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.OutputLengths;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.options.KnownOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code mathbeam bench-fleet}: how well generation keeps a simulated fleet busy. Runs the eval
 * pipeline against a fresh fleet, then peer clients against fresh fleets, each client in a JVM of
 * its own ({@link FleetClientProcess}), and prints for each: utilisation = the ideal makespan no
 * scheduler can beat ({@link FleetFigures}) / the actual makespan (first request to last response),
 * the idle replica-seconds in the tail, the peak sequences in flight per replica against the cap,
 * the samples answered, and the client's CPU per million generated tokens; for eval also its wall
 * time from launch and where the time outside the fleet's busy period goes. Last, the targets of
 * issue 18 and whether this run meets them.
 *
 * <p>Fleets: {@code --slowReplicas=N --slowFactor=F} make replicas 0..N-1 F times slower; {@code
 * --lengths=long-tail} draws reasoning-model output lengths (max_tokens 32768 unless given). Peers
 * ({@code --peer}): {@code tuned}, as many threads as the fleet has batch slots (replicas x
 * max_num_seqs), round-robin, one request per sample, the whole workload; {@code small}, 8 threads
 * on the first {@code --baselineSamples}; {@code both} or {@code none}.
 *
 * <p>{@code --runs} compares ways of running the pipeline side by side, each against a fresh fleet:
 * {@code direct} (the DirectRunner, one JVM), {@code flink-jvm} (the embedded Flink cluster with
 * per-JVM limits, {@code --generationShards=0}) and {@code flink-job} (the same with the limits
 * held job-wide by shards, {@code --shards} of them or the automatic count).
 */
public final class FleetBenchmark implements Command {
  private static final ObjectMapper JSON = new ObjectMapper();

  private int problems = 200;
  private int samples = 8;
  private int replicas = 4;
  private int maxNumSeqs = 64;
  private double timeScale = 2;
  private Integer maxTokens;
  private Integer medianOutputTokens;
  private int slowReplicas;
  private double slowFactor = 2;
  private String lengths = "default";
  private int baselineThreads = 8;
  private int baselineSamples = 320;
  private String peer = "tuned";
  private List<String> runs = List.of("direct");
  private int parallelism = 2;
  private int shards = -1;
  private String childJvmOpts = "";

  /** The samples of the first eval run, for the schedule model; null until one ran. */
  private List<ScheduleModel.Job> modelled;

  @Override
  public String name() {
    return "bench-fleet";
  }

  @Override
  public String summary() {
    return "fleet utilisation of eval against a simulated fleet, and of a baseline";
  }

  /** Reads the options into a fresh benchmark (this one keeps the defaults) and runs it. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    FleetBenchmark bench = new FleetBenchmark();
    for (String arg : args) {
      if (arg.equals("--help")) {
        out.println(
            "usage: mathbeam bench-fleet [--problems=200] [--samples=8] [--replicas=4]"
                + " [--maxNumSeqs=64] [--timeScale=2] [--maxTokens=4096|32768 for long-tail]"
                + " [--slowReplicas=0] [--slowFactor=2] [--lengths=default|long-tail]"
                + " [--medianOutputTokens=600|2500 for long-tail] [--peer=tuned|small|both|none]"
                + " [--baselineThreads=8] [--baselineSamples=320]"
                + " [--runs=direct,direct-nocopies,direct-arrival,direct-before,direct-oracle,direct-priors,flink-jvm,flink-job] [--parallelism=2]"
                + " [--shards=-1]"
                + " [--childJvmOpts=\"-Xmx2g\"]");
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
        case "medianOutputTokens" -> bench.medianOutputTokens = Integer.parseInt(kv[1]);
        case "slowReplicas" -> bench.slowReplicas = Integer.parseInt(kv[1]);
        case "slowFactor" -> bench.slowFactor = Double.parseDouble(kv[1]);
        case "lengths" -> bench.lengths = choice("lengths", kv[1], "default", "long-tail");
        case "peer" -> bench.peer = choice("peer", kv[1], "tuned", "small", "both", "none");
          // kept for old command lines: --baseline=false is --peer=none
        case "baseline" -> bench.peer = Boolean.parseBoolean(kv[1]) ? "both" : "none";
        case "baselineThreads" -> bench.baselineThreads = Integer.parseInt(kv[1]);
        case "baselineSamples" -> bench.baselineSamples = Integer.parseInt(kv[1]);
        case "runs" -> bench.runs = runs(kv[1]);
        case "parallelism" -> bench.parallelism = Integer.parseInt(kv[1]);
        case "shards" -> bench.shards = Integer.parseInt(kv[1]);
        case "childJvmOpts" -> bench.childJvmOpts = kv[1];
        default ->
            throw new IllegalArgumentException(
                "bench-fleet: "
                    + KnownOptions.unknown(
                        arg,
                        List.of(
                            "--problems",
                            "--samples",
                            "--replicas",
                            "--maxNumSeqs",
                            "--timeScale",
                            "--maxTokens",
                            "--medianOutputTokens",
                            "--slowReplicas",
                            "--slowFactor",
                            "--lengths",
                            "--peer",
                            "--baselineThreads",
                            "--baselineSamples",
                            "--runs",
                            "--parallelism",
                            "--shards",
                            "--childJvmOpts")));
      }
    }
    bench.run(out);
    return 0;
  }

  private static String choice(String name, String value, String... allowed) {
    if (!List.of(allowed).contains(value)) {
      throw new IllegalArgumentException(
          "bench-fleet: --" + name + " takes " + String.join(", ", allowed) + ", got " + value);
    }
    return value;
  }

  private boolean longTail() {
    return lengths.equals("long-tail");
  }

  private int maxTokens() {
    return maxTokens != null ? maxTokens : longTail() ? 32768 : 4096;
  }

  private void run(PrintStream out) throws Exception {
    Path dir = Files.createTempDirectory("mathbeam-bench-fleet");
    out.println("clients' logs, reports and request logs: " + dir);
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
            .maxModelLen(Math.max(40960, maxTokens() + 4096))
            .medianOutputTokens(
                medianOutputTokens != null ? medianOutputTokens : longTail() ? 2500 : 600)
            .outputLengths(longTail() ? OutputLengths.LONG_TAIL : OutputLengths.LOG_NORMAL)
            .slowReplicas(slowReplicas)
            .slowFactor(slowFactor)
            .answerKey(AnswerKey.of(answers))
            .build();
    out.printf(
        Locale.ROOT,
        "workload: %d problems x %d samples, %d replicas (%d of them %sx slower), max_num_seqs %d,"
            + " timeScale %s, max_tokens %d, lengths %s (median %d)%n",
        problems,
        samples,
        replicas,
        slowReplicas,
        slowFactor,
        maxNumSeqs,
        timeScale,
        maxTokens(),
        lengths,
        config.medianOutputTokens());

    Map<String, FleetMeasurement> measured = new LinkedHashMap<>();
    for (String run : runs) {
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--problems=" + file,
                  "--samples=" + samples,
                  "--maxInFlightPerReplica=" + maxNumSeqs,
                  "--maxTokens=" + maxTokens(),
                  "--cacheDir=none",
                  "--output=" + dir.resolve("out-" + run)));
      args.addAll(runArgs(run));
      if (run.equals("direct-oracle") || run.equals("direct-priors")) {
        // the lengths the plain run drew: the same samples (oracle) or, with another seed, only
        // each problem's mean carries over
        args.add("--lengthPriors=" + dir.resolve("out-direct"));
      }
      FleetMeasurement m = measure(config, dir, "eval-" + run, "eval", args);
      out.println(m.format("mathbeam eval (" + describe(run) + ")", maxNumSeqs));
      JsonNode metrics = JSON.readTree(dir.resolve("out-" + run).resolve("metrics.json").toFile());
      JsonNode counters = metrics.path("run_counters");
      out.printf(
          Locale.ROOT,
          "  retries %d, request errors %d, generation shards %d, tail copies %d (%d answered"
              + " first), later answers to samples already answered %d%n",
          counters.path("retries").asLong(),
          counters.path("request_failures").asLong(),
          metrics.path("manifest").path("config").path("generation_shards").asInt(),
          counters.path("tail_copies").asLong(),
          counters.path("tail_copies_won").asLong(),
          m.figures().duplicates());
      out.println(m.client().timeline(m.figures().firstRequestMs(), m.figures().lastResponseMs()));
      measured.putIfAbsent(
          run,
          m.withOutput(
              counters.path("samples_generated").asLong(), counters.path("tail_copies").asLong()));
    }
    FleetMeasurement tuned = null;
    if (peer.equals("tuned") || peer.equals("both")) {
      int threads = replicas * maxNumSeqs;
      tuned =
          measure(config, dir, "peer-tuned", "peer", peerArgs(file, threads, problems * samples));
      out.println(
          tuned.format(
              "tuned peer: "
                  + threads
                  + " threads (replicas x max_num_seqs), round-robin, one request per sample,"
                  + " the whole workload",
              maxNumSeqs));
    }
    if (peer.equals("small") || peer.equals("both")) {
      int limit = Math.min(baselineSamples, problems * samples);
      FleetMeasurement small =
          measure(config, dir, "peer-small", "peer", peerArgs(file, baselineThreads, limit));
      out.println(
          small.format(
              "small peer: "
                  + baselineThreads
                  + " threads, round-robin, one request per sample (first "
                  + limit
                  + " samples)",
              maxNumSeqs));
    }
    Map<ScheduleModel.Order, Double> reached = null;
    if (modelled != null) {
      ScheduleModel model = new ScheduleModel(config.latency(), speeds(config), maxNumSeqs);
      reached = model.utilisations(modelled);
      out.println(
          "what an order reaches on the first eval run's sample lengths (the step-time model"
              + " replayed, no HTTP; docs/runners.md):");
      reached.forEach((order, u) -> out.printf(Locale.ROOT, "  %.2f  %s%n", u, order.description));
    }
    for (Map.Entry<String, FleetMeasurement> e : measured.entrySet()) {
      out.println(
          new FleetTargets(
                  longTail(), slowReplicas, replicas, maxNumSeqs, (long) problems * samples)
              .format(describe(e.getKey()), e.getValue(), tuned, reached));
    }
  }

  private List<Double> speeds(SimConfig config) {
    List<Double> speeds = new ArrayList<>();
    for (int r = 0; r < config.replicas(); r++) {
      speeds.add(config.speedFactor(r));
    }
    return speeds;
  }

  private List<String> peerArgs(Path file, int threads, int limit) {
    return List.of(
        "--problems=" + file,
        "--samples=" + samples,
        "--threads=" + threads,
        "--maxTokens=" + maxTokens(),
        "--limit=" + limit);
  }

  /**
   * The JVM flags bin/mathbeam gives {@code eval}: the client compiler only, and the class-data
   * archive of the jar when the launcher has written one (docs/runners.md, "Fixed cost of a run").
   */
  private static List<String> launcherJvmOpts() {
    List<String> opts = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1"));
    Path jar = Path.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator)[0]);
    Path archive = jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$", ".jsa"));
    try {
      if (Files.isRegularFile(archive)
          && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0) {
        opts.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off"));
      }
    } catch (IOException e) {
      // no archive: the child starts without one, as the launcher's first run does
    }
    return opts;
  }

  private FleetMeasurement measure(
      SimConfig config, Path dir, String name, String mode, List<String> clientArgs)
      throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      if (mode.equals("eval")) {
        command.addAll(launcherJvmOpts());
      }
      for (String opt : childJvmOpts.trim().split("\\s+")) {
        if (!opt.isEmpty()) {
          command.add(opt);
        }
      }
      command.addAll(
          List.of(
              "-cp",
              System.getProperty("java.class.path"),
              FleetClientProcess.class.getName(),
              dir.resolve(name + ".json").toString(),
              mode,
              "--endpoints=" + String.join(",", fleet.endpoints())));
      command.addAll(clientArgs);
      Path log = dir.resolve(name + ".log");
      long launch = System.currentTimeMillis();
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      int rc = process.waitFor();
      long exit = System.currentTimeMillis();
      if (rc != 0) {
        throw new IllegalStateException(
            "bench-fleet: " + name + " exited with " + rc + ", log: " + log);
      }
      FleetClientReport report = FleetClientReport.read(dir.resolve(name + ".json"), launch, exit);
      StringBuilder requests = new StringBuilder();
      for (RequestLogEntry e : fleet.requestLog()) {
        requests.append(JSON.writeValueAsString(e)).append('\n');
      }
      Files.writeString(dir.resolve(name + "-requests.jsonl"), requests);
      if (mode.equals("eval") && modelled == null) {
        modelled = ScheduleModel.jobsOf(FleetFigures.firstAnswers(fleet.requestLog()));
      }
      return new FleetMeasurement(FleetFigures.of(fleet.requestLog(), config, maxNumSeqs), report);
    }
  }

  private static List<String> runs(String value) {
    List<String> out = new ArrayList<>();
    for (String run : value.split(",")) {
      if (!RUNS.contains(run.trim())) {
        throw new IllegalArgumentException(
            "bench-fleet: --runs takes " + String.join(", ", RUNS) + ", got " + run);
      }
      if ((run.trim().equals("direct-oracle") || run.trim().equals("direct-priors"))
          && !out.contains("direct")) {
        throw new IllegalArgumentException(
            "bench-fleet: --runs=" + run.trim() + " reads the lengths of a 'direct' run before it");
      }
      out.add(run.trim());
    }
    return out;
  }

  /**
   * The ways of running eval that {@code --runs} compares: {@code direct-arrival} keeps the
   * DirectRunner's keyed groups but sends problems in arrival order (the dispatch order's effect
   * alone); {@code direct-before} is generation as it was before both (one unkeyed bundle and its
   * own dispatcher, arrival order), the DirectRunner's driver spinning beside it.
   */
  private static final List<String> RUNS =
      List.of(
          "direct",
          "direct-nocopies",
          "direct-arrival",
          "direct-before",
          "direct-oracle",
          "direct-priors",
          "flink-jvm",
          "flink-job");

  private List<String> runArgs(String run) {
    return switch (run) {
      case "direct" -> List.of("--runner=DirectRunner");
      case "direct-nocopies" -> List.of("--runner=DirectRunner", "--tailCopies=false");
      case "direct-oracle" -> List.of("--runner=DirectRunner");
      case "direct-priors" -> List.of("--runner=DirectRunner", "--seed=1");
      case "direct-arrival" -> List.of("--runner=DirectRunner", "--dispatchOrder=arrival");
      case "direct-before" ->
          List.of(
              "--runner=DirectRunner",
              "--generationShards=0",
              "--dispatchOrder=arrival",
              "--tailCopies=false");
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
      case "direct-nocopies" -> "DirectRunner, no tail copies";
      case "direct-oracle" -> "DirectRunner, every sample's length known (oracle order)";
      case "direct-priors" -> "DirectRunner, another seed, problem lengths of the direct run";
      case "direct-arrival" -> "DirectRunner, arrival order";
      case "direct-before" -> "DirectRunner, unkeyed, arrival order: generation as before";
      case "flink-jvm" -> "embedded Flink, parallelism " + parallelism + ", limits per JVM";
      default -> "embedded Flink, parallelism " + parallelism + ", limits job-wide by shard";
    };
  }
}
