package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.stats.PrecisionStopping;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;

/**
 * {@code bench-precision --fleet}: {@code eval --precision} against the simulated fleet on a real
 * benchmark, beside one uniform run at the ceiling K. Sample j of a problem is the same request in
 * both, so the uniform run's first K samples of every problem are the uniform run of that K: the
 * stopping rule applied to those prefixes finds the smallest uniform K that reaches the target, and
 * its tokens are those prefixes' tokens. Checks that every adaptive sample is the uniform run's
 * sample of the same (problem, index), and prints the tokens of both: the adaptive run's are all
 * the fleet generated for it (its request log), samples sent ahead of a round that no round asked
 * for included.
 */
final class FleetPrecisionCheck {
  private static final Schema SAMPLES =
      OutputSchemas.projection(
          OutputSchemas.SAMPLE,
          "data_source",
          "problem_id",
          "sample_index",
          "status",
          "completion_tokens",
          "seed");

  private static final int REPLICAS = 2;

  private static final ObjectMapper JSON = new ObjectMapper();

  private FleetPrecisionCheck() {}

  /** One sample as the check needs it. */
  private record Sample(boolean correct, int tokens, long seed) {}

  static List<CalibrationTarget> run(
      String dataDir,
      String benchmark,
      double target,
      int initial,
      int ceiling,
      double timeScale,
      PrintStream out)
      throws Exception {
    Path work = Files.createTempDirectory("bench-precision-fleet-");
    String uniform = work.resolve("uniform").toString();
    String adaptive = work.resolve("adaptive").toString();
    Path uniformLog = work.resolve("uniform-requests.jsonl");
    Path adaptiveLog = work.resolve("adaptive-requests.jsonl");
    long start = System.nanoTime();
    eval(
        "--dataDir=" + dataDir,
        "--benchmarks=" + benchmark + ":" + ceiling,
        "--simTimeScale=" + timeScale,
        "--simReplicas=" + REPLICAS,
        "--simRequestLog=" + uniformLog,
        "--cacheDir=none",
        "--output=" + uniform);
    double uniformSeconds = (System.nanoTime() - start) / 1e9;
    start = System.nanoTime();
    eval(
        "--dataDir=" + dataDir,
        "--benchmarks=" + benchmark + ":" + ceiling,
        "--simTimeScale=" + timeScale,
        "--simReplicas=" + REPLICAS,
        "--simRequestLog=" + adaptiveLog,
        "--cacheDir=" + work.resolve("cache"),
        "--precision=" + target,
        "--initialSamples=" + initial,
        "--output=" + adaptive);
    double adaptiveSeconds = (System.nanoTime() - start) / 1e9;
    Map<String, Sample> all = samples(uniform);
    Map<String, Sample> drawn = samples(adaptive);
    int differing = 0;
    long adaptiveTokens = 0;
    for (Map.Entry<String, Sample> e : drawn.entrySet()) {
      if (!e.getValue().equals(all.get(e.getKey()))) {
        differing++;
      }
      adaptiveTokens += e.getValue().tokens();
    }
    // the problems in a fixed order, their samples by index
    Map<String, Sample[]> ordered = new HashMap<>();
    all.forEach(
        (key, s) -> {
          String problem = key.substring(0, key.lastIndexOf('#'));
          int index = Integer.parseInt(key.substring(key.lastIndexOf('#') + 1));
          ordered.computeIfAbsent(problem, p -> new Sample[ceiling])[index] = s;
        });
    List<Sample[]> problems = new ArrayList<>(new TreeMap<>(ordered).values());
    PrecisionStopping rule = new PrecisionStopping(target, ceiling);
    int smallest = ceiling;
    for (int k = Math.min(initial, ceiling); k <= ceiling; k++) {
      int[] n = new int[problems.size()];
      int[] c = new int[problems.size()];
      for (int i = 0; i < n.length; i++) {
        n[i] = k;
        for (int j = 0; j < k; j++) {
          c[i] += problems.get(i)[j].correct() ? 1 : 0;
        }
      }
      if (rule.decide(n, c).status() != PrecisionStopping.Status.MORE) {
        smallest = k;
        break;
      }
    }
    long uniformTokens = 0;
    for (Sample[] p : problems) {
      for (int j = 0; j < smallest; j++) {
        uniformTokens += p[j].tokens();
      }
    }
    FleetFigures uniformFleet = figures(uniformLog, timeScale);
    FleetFigures adaptiveFleet = figures(adaptiveLog, timeScale);
    JsonNode lookahead =
        JSON.readTree(Path.of(adaptive, "metrics.json").toFile()).path("lookahead");
    long generated = adaptiveFleet.generatedTokens();
    double ratio = (double) generated / uniformTokens;
    out.printf(
        Locale.ROOT,
        "%nAgainst the simulated fleet: %s, %d problems, target +-%.1f points, first round %d,"
            + " ceiling %d%n",
        benchmark,
        problems.size(),
        100 * target,
        initial,
        ceiling);
    out.printf(
        Locale.ROOT,
        "  --precision drew %d samples (%d completion tokens, %.1f s with its rounds); the fleet"
            + " generated %d tokens for it; the smallest uniform K that reaches the target is %d"
            + " (%d tokens): %.3fx%n",
        drawn.size(),
        adaptiveTokens,
        adaptiveSeconds,
        generated,
        smallest,
        uniformTokens,
        ratio);
    out.printf(
        Locale.ROOT,
        "  samples sent ahead of their round: %d, of which no round asked for %d (%d tokens)%n",
        lookahead.path("samples_sent").asLong(),
        lookahead.path("unused_samples").asLong(),
        lookahead.path("unused_completion_tokens").asLong());
    out.printf(
        Locale.ROOT,
        "  %d of its samples differ from the uniform run's of the same (problem, index); the"
            + " uniform run of K=%d took %.1f s%n",
        differing,
        ceiling,
        uniformSeconds);
    // the rounds' barriers show as idle replicas while a round's last samples finish and the
    // next round starts: the fleet's utilisation (the ideal makespan of the samples it answered
    // over the actual one, first request to last response, as bench-fleet measures it)
    out.printf(
        Locale.ROOT,
        "  fleet utilisation (simulated time x%.0f): rounds %.3f (makespan %.1f s), uniform %.3f"
            + " (%.1f s)%n",
        timeScale,
        adaptiveFleet.utilisation(),
        adaptiveFleet.makespanSeconds(),
        uniformFleet.utilisation(),
        uniformFleet.makespanSeconds());
    List<CalibrationTarget> targets = new ArrayList<>();
    targets.add(
        new CalibrationTarget(
            String.format(Locale.ROOT, "fleet %s tokens %.3fx uniform", benchmark, ratio),
            "<= 1.15x",
            ratio <= 1.15));
    targets.add(
        new CalibrationTarget(
            "fleet " + benchmark + " samples differing from the uniform run's: " + differing,
            "0",
            differing == 0));
    double gap = uniformFleet.utilisation() - adaptiveFleet.utilisation();
    targets.add(
        new CalibrationTarget(
            String.format(
                Locale.ROOT, "fleet %s utilisation %.3f below the uniform run's", benchmark, gap),
            "<= 0.05",
            gap <= 0.05));
    targets.addAll(
        allocated(
            work,
            all,
            uniformTokens,
            uniformFleet,
            new String[] {
              "--dataDir=" + dataDir,
              "--benchmarks=" + benchmark + ":" + ceiling,
              "--simTimeScale=" + timeScale,
              "--simReplicas=" + REPLICAS,
              "--precision=" + target,
              "--initialSamples=" + initial,
              "--allocation=adaptive"
            },
            benchmark,
            timeScale,
            out));
    return targets;
  }

  /**
   * The same evaluation with {@code --allocation=adaptive}: its tokens against the smallest uniform
   * K's, its samples against the uniform run's, the fleet's utilisation (its phases keep the
   * barrier between rounds).
   */
  private static List<CalibrationTarget> allocated(
      Path work,
      Map<String, Sample> all,
      long uniformTokens,
      FleetFigures uniformFleet,
      String[] args,
      String benchmark,
      double timeScale,
      PrintStream out)
      throws Exception {
    String output = work.resolve("allocated").toString();
    Path log = work.resolve("allocated-requests.jsonl");
    List<String> full = new ArrayList<>(List.of(args));
    full.add("--simRequestLog=" + log);
    full.add("--cacheDir=" + work.resolve("allocated-cache"));
    full.add("--output=" + output);
    long start = System.nanoTime();
    eval(full.toArray(String[]::new));
    double seconds = (System.nanoTime() - start) / 1e9;
    Map<String, Sample> drawn = samples(output);
    int differing = 0;
    for (Map.Entry<String, Sample> e : drawn.entrySet()) {
      differing += e.getValue().equals(all.get(e.getKey())) ? 0 : 1;
    }
    FleetFigures fleet = figures(log, timeScale);
    double ratio = (double) fleet.generatedTokens() / uniformTokens;
    JsonNode dataset =
        JSON.readTree(Path.of(output, "metrics.json").toFile()).path("datasets").path(benchmark);
    JsonNode precision = dataset.path("precision");
    out.printf(
        Locale.ROOT,
        "  --allocation=adaptive (%s): %d samples (%d to %d per problem, first phase %d, %d"
            + " phases), %.1f s; the fleet generated %d tokens: %.3fx the smallest uniform K's;"
            + " +-%.2f points, pass@1 %.4f; %d samples differ from the uniform run's; utilisation"
            + " %.3f%n",
        precision.path("allocation").asText(),
        drawn.size(),
        precision.path("min_samples_per_problem").asInt(),
        precision.path("samples_per_problem").asInt(),
        precision.path("first_phase_samples_per_problem").asInt(),
        precision.path("phases").asInt(),
        seconds,
        fleet.generatedTokens(),
        ratio,
        100 * precision.path("half_width").asDouble(),
        dataset.path("pass_at_k").path(0).path("value").asDouble(),
        differing,
        fleet.utilisation());
    List<CalibrationTarget> targets = new ArrayList<>();
    targets.add(
        new CalibrationTarget(
            String.format(
                Locale.ROOT, "fleet %s adaptive allocation tokens %.3fx uniform", benchmark, ratio),
            "<= 1.15x",
            ratio <= 1.15));
    targets.add(
        new CalibrationTarget(
            "fleet "
                + benchmark
                + " adaptive samples differing from the uniform run's: "
                + differing,
            "0",
            differing == 0));
    double gap = uniformFleet.utilisation() - fleet.utilisation();
    targets.add(
        new CalibrationTarget(
            String.format(
                Locale.ROOT,
                "fleet %s adaptive allocation utilisation %.3f below the uniform run's",
                benchmark,
                gap),
            "<= 0.05",
            gap <= 0.05));
    return targets;
  }

  /** The fleet eval starts for itself: the replicas and step-time model the figures price. */
  private static FleetFigures figures(Path requestLog, double timeScale) throws IOException {
    SimConfig config = SimConfig.builder().replicas(REPLICAS).timeScale(timeScale).build();
    List<RequestLogEntry> log = new ArrayList<>();
    for (String line : Files.readAllLines(requestLog)) {
      log.add(JSON.readValue(line, RequestLogEntry.class));
    }
    return FleetFigures.of(log, config, config.maxNumSeqs());
  }

  private static void eval(String... args) throws Exception {
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(args);
  }

  private static Map<String, Sample> samples(String run) throws IOException {
    Map<String, Sample> out = new HashMap<>();
    ParquetRecords.forEach(
        run + "/samples/*.parquet",
        SAMPLES,
        r ->
            out.put(
                r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index"),
                new Sample(
                    "correct".equals(r.get("status").toString()),
                    (Integer) r.get("completion_tokens"),
                    (Long) r.get("seed"))));
    return out;
  }
}
