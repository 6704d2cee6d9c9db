package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.synthetic.HarnessArgs;
import io.mathbeam.pipelines.synthetic.SyntheticRun;
import io.mathbeam.pipelines.synthetic.SyntheticRunSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * Measures {@code mathbeam regrade} on the DirectRunner and the embedded Flink runner against the
 * plain-Java floor ({@link RegradeFloor}) on one synthetic run ({@link SyntheticRun}).
 *
 * <p>The synthetic run is written once (timed and reported on its own); then each runner runs in a
 * child JVM (this JVM's java binary and classpath, plus {@code --childJvmOpts}) so that its wall
 * time and peak resident memory are its own. The children's output goes to {@code
 * <workDir>/<runner>.log}. Every runner's {@code metrics.json} must agree with the reference's (the
 * floor's, or the first runner's when the floor does not run) on each dataset's counts and pass@1;
 * any difference is printed as MISMATCH. Every runner's samples are then compared with the
 * reference's one by one, and the number of differing grades is printed: the grader's budget counts
 * work, not time, so it must be 0, and the benchmark fails otherwise.
 *
 * <p>Options: {@code --samples=N} (100000), {@code --samplesPerProblem=K} (64), {@code
 * --workDir=DIR} (a new temporary directory, whose run data is removed afterwards; logs stay),
 * {@code --runners=floor,direct,flink}, {@code --seed=S} (1), {@code --threads=T} (the floor's
 * grading threads, 2), {@code --rowsPerFile=R} (rows per synthetic Parquet file, 50000), {@code
 * --childJvmOpts="-Xmx4g ..."}, {@code --childTimeoutSeconds=S} (3600), {@code
 * --classArchive=false} (children map no class-data archive; by default they map one of every
 * runner's classes, built first by {@link RegradeBenchmarkArchive}, as {@code bin/mathbeam} maps
 * its own), {@code --rounds=N} (1: every runner runs N times on the same input, the order reversed
 * every other round, each round's grades checked, then each ratio to the floor as its median and
 * range over the rounds: {@link RegradeBenchmarkRounds}).
 */
public final class RegradeBenchmark implements Command {
  static final List<String> RUNNERS = List.of("floor", "direct", "flink");

  /** pass@1 of two runners may differ by floating-point summation order, nothing more. */
  private static final double PASS_AT_1_TOLERANCE = 1e-9;

  private static final int LOG_TAIL_LINES = 40;

  public static void main(String[] args) {
    System.exit(measure(args, System.out));
  }

  @Override
  public String name() {
    return "bench-regrade";
  }

  @Override
  public String summary() {
    return "regrade a synthetic run with each runner and a plain-Java floor";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    return measure(args, out);
  }

  /**
   * Runs the benchmark and prints its table.
   *
   * @return 0 when every runner finished and graded every sample as the reference did, 1 on a
   *     failed runner, a MISMATCH or a differing grade, 2 on bad options
   */
  static int measure(String[] args, PrintStream out) {
    HarnessArgs options;
    List<String> runners;
    try {
      options =
          HarnessArgs.parse(
              "regrade-benchmark",
              args,
              Set.of(
                  "samples",
                  "samplesPerProblem",
                  "workDir",
                  "runners",
                  "seed",
                  "threads",
                  "childJvmOpts",
                  "rowsPerFile",
                  "childTimeoutSeconds",
                  "classArchive",
                  "rounds"));
      runners = runners(options.text("runners", String.join(",", RUNNERS)));
      // every number is checked now, not after minutes of writing the synthetic run
      options.number("samples", 1, 1);
      options.integer("samplesPerProblem", 1, 1);
      options.integer("threads", 1, 1);
      options.integer("rowsPerFile", 1, 1);
      options.number("seed", 1, Long.MIN_VALUE);
      options.number("childTimeoutSeconds", 1, 1);
      options.integer("rounds", 1, 1);
      options.bool("classArchive", true);
    } catch (IllegalArgumentException e) {
      out.println(e.getMessage());
      return 2;
    }
    try {
      return run(options, runners, out);
    } catch (IOException e) {
      out.println("regrade-benchmark: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.println("regrade-benchmark: interrupted");
      return 1;
    }
  }

  private static int run(HarnessArgs options, List<String> runners, PrintStream out)
      throws IOException, InterruptedException {
    int k = options.integer("samplesPerProblem", 64, 1);
    int problems = SyntheticRun.problemsFor(options.number("samples", 100_000, 1), k);
    int threads = options.integer("threads", RegradeFloor.DEFAULT_THREADS, 1);
    long seed = options.number("seed", 1, Long.MIN_VALUE);
    String workDirOption = options.text("workDir", null);
    boolean temporary = workDirOption == null;
    Path workDir =
        temporary
            ? Files.createTempDirectory("mathbeam-regrade-bench-")
            : Files.createDirectories(Path.of(workDirOption));
    List<String> jvmOpts = splitOpts(options.text("childJvmOpts", ""));

    out.printf(
        "regrade benchmark: %d cores, Java %s, child JVM options %s, work dir %s%n",
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"),
        jvmOpts.isEmpty() ? "(none)" : jvmOpts,
        workDir);
    Path input = workDir.resolve("input");
    SyntheticRunSummary synthetic =
        SyntheticRun.write(
            input,
            problems,
            k,
            seed,
            options.integer("rowsPerFile", SyntheticRun.DEFAULT_ROWS_PER_FILE, 1));
    SyntheticRun.print(synthetic, out);
    List<String> childOpts = new ArrayList<>(jvmOpts);
    if (options.bool("classArchive", true)) {
      // the archive's options first: the user's --childJvmOpts come later and win
      RegradeBenchmarkArchive.build(workDir, runners, jvmOpts, k, seed, threads, out)
          .ifPresent(map -> childOpts.addAll(0, map));
    }

    int rounds = options.integer("rounds", 1, 1);
    Duration timeout = Duration.ofSeconds(options.number("childTimeoutSeconds", 3600, 1));
    RegradeBenchmarkRounds measured = new RegradeBenchmarkRounds();
    boolean failed = false;
    boolean disagreed = false;
    for (int round = 1; round <= rounds; round++) {
      if (rounds > 1) {
        out.printf("round %d of %d%n", round, rounds);
      }
      Map<String, RegradeBenchmarkChild> results = new LinkedHashMap<>();
      for (String runner : RegradeBenchmarkRounds.order(runners, round)) {
        Path output = workDir.resolve("out-" + runner);
        Path log = workDir.resolve(round == 1 ? runner + ".log" : runner + "-" + round + ".log");
        List<String> command = childCommand(runner, childOpts, input, output, threads);
        out.println("running " + runner + " (log " + log + ") ...");
        out.flush();
        RegradeBenchmarkChild child =
            RegradeBenchmarkChild.measure(runner, command, log, output, timeout);
        results.put(runner, child);
        if (child.exitCode() != 0) {
          failed = true;
          out.printf(
              "%s FAILED with exit status %d after %.1f s; last lines of %s:%n%s%n",
              runner,
              child.exitCode(),
              child.wall().toMillis() / 1000.0,
              log,
              child.logTail(LOG_TAIL_LINES));
        }
      }
      // printed and compared in the runners' given order, whichever ran first
      Map<String, RegradeBenchmarkChild> byRunner = new LinkedHashMap<>();
      runners.forEach(r -> byRunner.put(r, results.get(r)));
      Map<String, List<DatasetMetrics>> metrics = new LinkedHashMap<>();
      for (RegradeBenchmarkChild child : byRunner.values()) {
        if (child.exitCode() == 0) {
          try {
            metrics.put(child.runner(), readMetrics(child.output()));
          } catch (IOException e) {
            failed = true;
            out.println(child.runner() + ": " + e.getMessage());
          }
        }
      }
      printTable(byRunner, metrics, out);
      // every round's grades are checked: a runner must agree with the floor in each
      disagreed |= !compareGrades(byRunner, metrics, out);
      measured.add(byRunner);
    }
    if (rounds > 1) {
      out.println();
      measured.print(runners, out);
    }
    if (temporary && !failed && !disagreed) {
      deleteRunData(workDir);
      out.println("run data removed; logs kept in " + workDir);
    }
    return failed || disagreed ? 1 : 0;
  }

  /**
   * Compares every runner that finished with the reference (the floor, else the first runner): its
   * metrics, then its grades sample by sample. Prints the number of differing grades.
   *
   * @return whether every runner agreed with the reference
   */
  private static boolean compareGrades(
      Map<String, RegradeBenchmarkChild> results,
      Map<String, List<DatasetMetrics>> metrics,
      PrintStream out)
      throws IOException {
    if (metrics.size() < 2) {
      out.println("(fewer than two runners finished: no grades were cross-checked)");
      return true;
    }
    String reference = metrics.containsKey("floor") ? "floor" : metrics.keySet().iterator().next();
    boolean agreed = true;
    long differing = 0;
    for (Map.Entry<String, List<DatasetMetrics>> entry : metrics.entrySet()) {
      String runner = entry.getKey();
      if (runner.equals(reference)) {
        continue;
      }
      List<String> mismatches =
          compareMetrics(runner, reference, metrics.get(reference), entry.getValue());
      if (mismatches.isEmpty()) {
        out.println(runner + ": per-dataset counts and pass@1 equal the " + reference + "'s");
      } else {
        agreed = false;
        mismatches.forEach(out::println);
      }
      RegradeBenchmarkSamples samples =
          RegradeBenchmarkSamples.compare(
              reference, results.get(reference).output(), results.get(runner).output());
      out.printf(
          "%s: %d of %d samples graded differently from the %s; %d missing, %d extra%n",
          runner,
          samples.differing(),
          samples.compared(),
          reference,
          samples.missing(),
          samples.extra());
      samples.examples().forEach(e -> out.println("  " + e));
      differing += samples.total();
    }
    out.printf("differing grades between %s: %d%n", String.join(", ", metrics.keySet()), differing);
    return agreed && differing == 0;
  }

  /** The child JVM's command line for {@code runner}. */
  static List<String> childCommand(
      String runner, List<String> jvmOpts, Path input, Path output, int threads) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOpts);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    String in = "--input=" + input.toAbsolutePath();
    String to = "--output=" + output.toAbsolutePath();
    switch (runner) {
      case "floor" ->
          command.addAll(List.of(RegradeFloor.class.getName(), in, to, "--threads=" + threads));
      case "direct" ->
          command.addAll(
              List.of("io.mathbeam.pipelines.Main", "regrade", in, to, "--runner=DirectRunner"));
      case "flink" ->
          command.addAll(
              List.of("io.mathbeam.pipelines.Main", "regrade", in, to, "--runner=FlinkRunner"));
      default -> throw new IllegalArgumentException("unknown runner " + runner);
    }
    return command;
  }

  /**
   * Differences between a runner's metrics and the reference runner's, one MISMATCH line each: per
   * dataset (and the aggregate) the problem and sample counts, every outcome count and pass@1.
   */
  static List<String> compareMetrics(
      String runner,
      String reference,
      List<DatasetMetrics> referenceMetrics,
      List<DatasetMetrics> candidate) {
    List<String> mismatches = new ArrayList<>();
    Map<String, Map<String, Double>> expected = figures(referenceMetrics);
    Map<String, Map<String, Double>> actual = figures(candidate);
    if (!actual.keySet().equals(expected.keySet())) {
      mismatches.add(
          "MISMATCH "
              + runner
              + ": datasets "
              + actual.keySet()
              + ", the "
              + reference
              + " has "
              + expected.keySet());
      return mismatches;
    }
    for (String dataset : expected.keySet()) {
      Map<String, Double> want = expected.get(dataset);
      Map<String, Double> got = actual.get(dataset);
      for (String field : want.keySet()) {
        double tolerance = field.equals("pass@1") ? PASS_AT_1_TOLERANCE : 0;
        if (!(Math.abs(want.get(field) - got.get(field)) <= tolerance)) {
          mismatches.add(
              String.format(
                  "MISMATCH %s %s %s: %s, the %s has %s",
                  runner, dataset, field, got.get(field), reference, want.get(field)));
        }
      }
    }
    return mismatches;
  }

  /** Per dataset, the figures the runners must agree on. */
  private static Map<String, Map<String, Double>> figures(List<DatasetMetrics> metrics) {
    Map<String, Map<String, Double>> out = new TreeMap<>();
    for (DatasetMetrics m : metrics) {
      Map<String, Double> f = new LinkedHashMap<>();
      f.put("num_problems", (double) m.numProblems());
      f.put("num_samples", (double) m.numSamples());
      f.put("correct", (double) m.correct());
      f.put("incorrect", (double) m.incorrect());
      f.put("no_answer", (double) m.noAnswer());
      f.put("request_error", (double) m.requestErrors());
      f.put("unparseable", (double) m.unparseable());
      f.put("grader_timeout", (double) m.graderTimeouts());
      f.put("grader_error", (double) m.graderErrors());
      f.put("judge_error", (double) m.judgeErrors());
      f.put("truncated", (double) m.truncated());
      f.put("pass@1", m.passAtK().isEmpty() ? Double.NaN : m.passAtK().get(0));
      out.put(m.dataset(), f);
    }
    return out;
  }

  private static void printTable(
      Map<String, RegradeBenchmarkChild> results,
      Map<String, List<DatasetMetrics>> metrics,
      PrintStream out) {
    RegradeBenchmarkChild floor = results.get("floor");
    out.println();
    out.printf(
        "%-8s %10s %9s %11s %8s %12s %9s %9s %9s%n",
        "runner",
        "samples",
        "wall s",
        "samples/s",
        "cpu s",
        "peak RSS MB",
        "wall/flr",
        "cpu/flr",
        "RSS/flr");
    for (RegradeBenchmarkChild child : results.values()) {
      double wall = child.wall().toMillis() / 1000.0;
      List<DatasetMetrics> m = metrics.get(child.runner());
      long samples =
          m == null
              ? 0
              : m.stream()
                  .filter(DatasetMetrics::isAggregate)
                  .mapToLong(DatasetMetrics::numSamples)
                  .sum();
      String status = child.exitCode() == 0 ? "" : "  FAILED (exit " + child.exitCode() + ")";
      out.printf(
          "%-8s %10d %9.1f %11.0f %8.1f %12.0f %9s %9s %9s%s%n",
          child.runner(),
          samples,
          wall,
          samples / Math.max(wall, 1e-3),
          child.cpuSeconds(),
          child.peakRssKb() / 1024.0,
          ratio(child, floor, RegradeBenchmarkChild.WALL_SECONDS),
          ratio(child, floor, RegradeBenchmarkChild.CPU_SECONDS),
          ratio(child, floor, RegradeBenchmarkChild.PEAK_RSS_KB),
          status);
    }
    out.println();
  }

  private static String ratio(
      RegradeBenchmarkChild child,
      RegradeBenchmarkChild floor,
      ToDoubleFunction<RegradeBenchmarkChild> measure) {
    OptionalDouble r = child.ratioTo(floor, measure);
    return r.isPresent() ? String.format("%.2f", r.getAsDouble()) : "-";
  }

  private static List<DatasetMetrics> readMetrics(Path runDir) throws IOException {
    Path file = runDir.resolve("metrics.json");
    JsonNode root;
    try {
      root = MetricsJson.JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return MetricsJson.parse(root);
  }

  private static List<String> runners(String list) {
    List<String> out = new ArrayList<>();
    for (String name : list.split(",")) {
      String runner = name.trim();
      if (runner.isEmpty()) {
        continue;
      }
      if (!RUNNERS.contains(runner)) {
        throw new IllegalArgumentException(
            "regrade-benchmark: --runners: unknown runner '" + runner + "'; known: " + RUNNERS);
      }
      if (!out.contains(runner)) {
        out.add(runner);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("regrade-benchmark: --runners names no runner");
    }
    return out;
  }

  private static List<String> splitOpts(String opts) {
    return Arrays.stream(opts.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
  }

  /** Deletes the synthetic input and the runners' outputs of a temporary work dir, not the logs. */
  private static void deleteRunData(Path workDir) throws IOException {
    try (Stream<Path> top = Files.list(workDir)) {
      for (Path dir : top.filter(Files::isDirectory).toList()) {
        try (Stream<Path> tree = Files.walk(dir)) {
          for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
    }
  }
}
