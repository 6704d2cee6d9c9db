package io.mathbeam.pipelines.bench;

import io.mathbeam.pipelines.synthetic.SyntheticRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The class-data archive that {@code bench-regrade}'s children map, built before any of them is
 * timed: each runner regrades a small synthetic run of its own once while listing the classes it
 * loads, and one archive is dumped from the union of the lists ({@link ClassArchive}). Everything
 * it writes is under {@code <workDir>/class-archive}, which the benchmark removes with the rest of
 * a temporary work dir's run data.
 *
 * <p>Why: {@code bin/mathbeam} maps an archive of the classes its runs loaded, so a user's regrade
 * starts with them mapped from its second run on; a child started without one measures the first
 * run after a build instead, whose class loading is most of the embedded Flink cluster's fixed cost
 * (docs/runners.md, "Class data for every runner"). Every runner maps the same archive, so none is
 * favoured, and the floor gains from it too.
 */
final class RegradeBenchmarkArchive {
  /**
   * Enough samples for every step of a regrade to run (and load its classes); about 7 s on Flink.
   */
  static final long WARM_UP_SAMPLES = 2_000;

  private RegradeBenchmarkArchive() {}

  /**
   * Builds the archive in {@code workDir} and returns the options that map it, or nothing when a
   * warm-up run or the dump failed (the children then run without one, and {@code out} says so).
   */
  static Optional<List<String>> build(
      Path workDir,
      List<String> runners,
      List<String> jvmOpts,
      int samplesPerProblem,
      long seed,
      int threads,
      PrintStream out)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    Path dir = Files.createDirectories(workDir.resolve("class-archive"));
    Path input = dir.resolve("input");
    SyntheticRun.write(
        input,
        SyntheticRun.problemsFor(WARM_UP_SAMPLES, samplesPerProblem),
        samplesPerProblem,
        seed,
        SyntheticRun.DEFAULT_ROWS_PER_FILE);
    List<Path> lists = new ArrayList<>();
    for (String runner : runners) {
      Path list = dir.resolve(runner + ".classlist");
      List<String> opts = new ArrayList<>(jvmOpts);
      opts.add(0, ClassArchive.listOption(list));
      Path log = dir.resolve(runner + ".log");
      RegradeBenchmarkChild child =
          RegradeBenchmarkChild.measure(
              runner,
              RegradeBenchmark.childCommand(
                  runner, opts, input, dir.resolve("out-" + runner), threads),
              log,
              dir.resolve("out-" + runner),
              Duration.ofMinutes(10));
      if (child.exitCode() != 0) {
        out.printf(
            "class-data archive: the %s warm-up run failed (exit %d, log %s); the children run"
                + " without an archive%n",
            runner, child.exitCode(), log);
        return Optional.empty();
      }
      lists.add(list);
    }
    Path merged = dir.resolve("children.classlist");
    int classes = ClassArchive.merge(lists, merged);
    Path archive = dir.resolve("children.jsa");
    Path dumpLog = dir.resolve("dump.log");
    boolean dumped =
        ClassArchive.dump(merged, archive, System.getProperty("java.class.path"), dumpLog);
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!dumped) {
      out.printf(
          "class-data archive: the dump failed (%s; log %s); the children run without an"
              + " archive%n",
          lastLine(dumpLog), dumpLog);
      return Optional.empty();
    }
    out.printf(
        "class-data archive: %,d classes listed by warm-up regrades of %,d samples (%s), %d MB,"
            + " built in %.1f s; every child maps it (--classArchive=false: none)%n",
        classes, WARM_UP_SAMPLES, String.join(", ", runners), Files.size(archive) >> 20, seconds);
    return Optional.of(ClassArchive.mapOptions(archive));
  }

  /** The dump log's last line: the JVM's reason, such as a non-empty directory on the path. */
  private static String lastLine(Path log) throws IOException {
    List<String> lines =
        Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).strip();
  }
}
