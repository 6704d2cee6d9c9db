package io.mathbeam.core.grading;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.text.NearestName;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Measures grading speed over a JSONL file of cases (the {@link GradeFile} format): throughput,
 * p50/p99/max latency per case, the work units per case (p50/p99/max, against the work budget),
 * gradings that hit the work budget or the wall-clock guard, and agreement with {@code expected}.
 * The engine of {@code bin/mathbeam bench-grade}.
 *
 * <p>Flags: {@code --input=FILE.jsonl} (default: the built-in case corpus, {@link GradingCorpus};
 * {@code $MATHBEAM_SHARED/grading/dev_cases.jsonl} holds other graders' cases), {@code --warmup=N}
 * rounds (default 20), {@code --rounds=N} measured rounds (default 20), {@code --threads=N}
 * (default 1), {@code --work-budget=N} units (default {@link Grader#DEFAULT_WORK_BUDGET}).
 */
public final class GradeBenchmark {
  private GradeBenchmark() {}

  /**
   * What a benchmark measured.
   *
   * @param cases cases per round
   * @param rounds measured rounds
   * @param threads grading threads
   * @param casesPerSecond graded cases per wall-clock second over the measured rounds
   * @param p50Micros median latency of one case
   * @param p99Micros 99th percentile latency of one case
   * @param maxMicros slowest case
   * @param workBudget the grader's work budget per call, in units
   * @param p50Work median work units of one case
   * @param p99Work 99th percentile work units of one case
   * @param maxWork the most work units one case took
   * @param hitWorkBudget measured gradings that ran out of work units (GRADER_TIMEOUT)
   * @param hitWallGuard measured gradings stopped by the wall-clock guard (none, normally)
   * @param withExpected cases with {@code expected}
   * @param agreements of those, cases whose verdict equals {@code expected}
   * @param falsePositives cases expected incorrect that were graded correct
   * @param categories agreement per category, for cases that name one ({@code category})
   * @param statuses count per status in one round
   * @param graderVersion {@link Grader#VERSION}
   */
  public record Report(
      int cases,
      int rounds,
      int threads,
      double casesPerSecond,
      long p50Micros,
      long p99Micros,
      long maxMicros,
      long workBudget,
      long p50Work,
      long p99Work,
      long maxWork,
      long hitWorkBudget,
      long hitWallGuard,
      long withExpected,
      long agreements,
      long falsePositives,
      List<CategoryAgreement> categories,
      Map<GradeStatus, Long> statuses,
      String graderVersion) {
    public Report {
      statuses = Map.copyOf(statuses);
      categories = List.copyOf(categories);
    }

    /** A few human-readable lines. */
    public String format() {
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "%s: %d cases x %d rounds on %d thread(s)%n",
              graderVersion,
              cases,
              rounds,
              threads));
      out.append(String.format(Locale.ROOT, "throughput: %.0f cases/s%n", casesPerSecond));
      out.append(
          String.format(
              Locale.ROOT,
              "latency per case: p50 %d us, p99 %d us, max %d us%n",
              p50Micros,
              p99Micros,
              maxMicros));
      out.append(
          String.format(
              Locale.ROOT,
              "work per case: p50 %d, p99 %d, max %d units of a %d-unit budget;"
                  + " hit the work budget: %d, hit the wall guard: %d%n",
              p50Work,
              p99Work,
              maxWork,
              workBudget,
              hitWorkBudget,
              hitWallGuard));
      GradeFile.appendStatuses(out, statuses, withExpected, agreements);
      if (withExpected > 0) {
        out.append(
            String.format(
                Locale.ROOT, "false positives (incorrect graded correct): %d%n", falsePositives));
      }
      if (!categories.isEmpty()) {
        out.append(
            String.format(Locale.ROOT, "%-20s %9s %8s %6s%n", "category", "agree", "%", "FP"));
        for (CategoryAgreement c : categories) {
          out.append(
              String.format(
                  Locale.ROOT,
                  "%-20s %4d/%-4d %7.1f%% %6d%n",
                  c.category(),
                  c.agreements(),
                  c.cases(),
                  100.0 * c.fraction(),
                  c.falsePositives()));
        }
      }
      return out.toString();
    }
  }

  /**
   * Agreement with {@code expected} over the cases of one category.
   *
   * @param category the case's {@code category}
   * @param cases cases with {@code expected}
   * @param agreements of those, cases whose verdict equals {@code expected}
   * @param falsePositives cases expected incorrect that were graded correct
   */
  public record CategoryAgreement(
      String category, long cases, long agreements, long falsePositives) {
    public double fraction() {
      return cases == 0 ? 1.0 : (double) agreements / cases;
    }
  }

  /** Runs the benchmark; prints the report. Exit status 2 on bad arguments. */
  public static void main(String[] args) throws IOException, InterruptedException {
    Path input = null;
    int warmup = 20;
    int rounds = 20;
    int threads = 1;
    long workBudget = Grader.DEFAULT_WORK_BUDGET;
    try {
      for (String arg : args) {
        String value = arg.substring(arg.indexOf('=') + 1);
        if (arg.startsWith("--input=")) {
          input = Paths.get(value);
        } else if (arg.startsWith("--warmup=")) {
          warmup = Integer.parseInt(value);
        } else if (arg.startsWith("--rounds=")) {
          rounds = Integer.parseInt(value);
        } else if (arg.startsWith("--threads=")) {
          threads = Integer.parseInt(value);
        } else if (arg.startsWith("--work-budget=")) {
          workBudget = Long.parseLong(value);
        } else {
          String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
          throw new IllegalArgumentException(
              "unknown option '"
                  + name
                  + "'"
                  + NearestName.hint(
                      name,
                      List.of("--input", "--warmup", "--rounds", "--threads", "--work-budget")));
        }
      }
      if (warmup < 0 || rounds < 1 || threads < 1 || workBudget < 1) {
        throw new IllegalArgumentException("need warmup >= 0, rounds, threads, work-budget >= 1");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("bench-grade: " + e.getMessage());
      System.err.println(
          "usage: bench-grade [--input=FILE.jsonl] [--warmup=N] [--rounds=N] [--threads=N]"
              + " [--work-budget=N]");
      System.exit(2);
      return;
    }
    Grader grader = new Grader(workBudget);
    List<GradeFile.GradeCase> cases =
        input == null ? GradingCorpus.read() : GradeFile.readCases(input);
    System.out.println("cases: " + (input == null ? "the built-in corpus" : input));
    System.out.print(run(cases, grader, warmup, rounds, threads).format());
  }

  /** Grades every case of {@code input} {@code warmup + rounds} times; measures the last rounds. */
  public static Report run(Path input, Grader grader, int warmup, int rounds, int threads)
      throws IOException, InterruptedException {
    return run(GradeFile.readCases(input), grader, warmup, rounds, threads);
  }

  /**
   * The built-in corpus ({@link GradingCorpus}), graded as {@link #run(Path, Grader, int, int,
   * int)} does.
   */
  public static Report runCorpus(Grader grader, int warmup, int rounds, int threads)
      throws InterruptedException {
    return run(GradingCorpus.read(), grader, warmup, rounds, threads);
  }

  private static Report run(
      List<GradeFile.GradeCase> cases, Grader grader, int warmup, int rounds, int threads)
      throws InterruptedException {
    if (cases.isEmpty()) {
      throw new IllegalArgumentException("no cases");
    }
    Measured round = new Measured(cases.size());
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads) : null;
    try {
      for (int r = 0; r < warmup; r++) {
        round(cases, grader, pool, threads, round);
      }
      int n = cases.size();
      long[] latencies = new long[n * rounds];
      long[] work = new long[n * rounds];
      long[] stops = new long[2]; // work budget, wall guard
      long totalNanos = 0;
      for (int r = 0; r < rounds; r++) {
        long start = System.nanoTime();
        round(cases, grader, pool, threads, round);
        totalNanos += System.nanoTime() - start;
        System.arraycopy(round.micros, 0, latencies, r * n, n);
        System.arraycopy(round.work, 0, work, r * n, n);
        for (int i = 0; i < n; i++) {
          stops[0] += round.hitWorkBudget[i] ? 1 : 0;
          stops[1] += round.hitWallGuard[i] ? 1 : 0;
        }
      }
      return report(cases, grader, rounds, threads, totalNanos, latencies, work, stops, round);
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
  }

  /** One round's figures per case, in case order. */
  private static final class Measured {
    final long[] micros;
    final long[] work;
    final boolean[] hitWorkBudget;
    final boolean[] hitWallGuard;
    final GradeStatus[] statuses;

    Measured(int cases) {
      micros = new long[cases];
      work = new long[cases];
      hitWorkBudget = new boolean[cases];
      hitWallGuard = new boolean[cases];
      statuses = new GradeStatus[cases];
    }
  }

  private static Report report(
      List<GradeFile.GradeCase> cases,
      Grader grader,
      int rounds,
      int threads,
      long totalNanos,
      long[] latencies,
      long[] work,
      long[] stops,
      Measured last) {
    long[] sorted = latencies.clone();
    Arrays.sort(sorted);
    long[] sortedWork = work.clone();
    Arrays.sort(sortedWork);
    Map<GradeStatus, Long> counts = new EnumMap<>(GradeStatus.class);
    long withExpected = 0;
    long agreements = 0;
    long falsePositives = 0;
    Map<String, long[]> byCategory = new LinkedHashMap<>();
    for (int i = 0; i < cases.size(); i++) {
      counts.merge(last.statuses[i], 1L, Long::sum);
      Boolean expected = cases.get(i).expected();
      if (expected != null) {
        boolean correct = last.statuses[i] == GradeStatus.CORRECT;
        withExpected++;
        agreements += expected == correct ? 1 : 0;
        falsePositives += !expected && correct ? 1 : 0;
        String category = cases.get(i).category();
        if (category != null) {
          long[] tally = byCategory.computeIfAbsent(category, c -> new long[3]);
          tally[0]++;
          tally[1] += expected == correct ? 1 : 0;
          tally[2] += !expected && correct ? 1 : 0;
        }
      }
    }
    List<CategoryAgreement> categories = new ArrayList<>();
    byCategory.forEach(
        (category, t) -> categories.add(new CategoryAgreement(category, t[0], t[1], t[2])));
    return new Report(
        cases.size(),
        rounds,
        threads,
        latencies.length / (totalNanos / 1e9),
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        sorted[sorted.length - 1],
        grader.workBudget(),
        percentile(sortedWork, 0.50),
        percentile(sortedWork, 0.99),
        sortedWork[sortedWork.length - 1],
        stops[0],
        stops[1],
        withExpected,
        agreements,
        falsePositives,
        categories,
        counts,
        Grader.VERSION);
  }

  private static long percentile(long[] sorted, double q) {
    int index = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  /** Grades every case once, filling {@code into}. */
  private static void round(
      List<GradeFile.GradeCase> cases,
      Grader grader,
      ExecutorService pool,
      int threads,
      Measured into)
      throws InterruptedException {
    if (pool == null) {
      gradeRange(cases, grader, 0, cases.size(), into);
      return;
    }
    int chunk = (cases.size() + threads - 1) / threads;
    List<Future<?>> futures = new ArrayList<>();
    for (int from = 0; from < cases.size(); from += chunk) {
      int start = from;
      int end = Math.min(cases.size(), from + chunk);
      futures.add(pool.submit(() -> gradeRange(cases, grader, start, end, into)));
    }
    for (Future<?> f : futures) {
      try {
        f.get();
      } catch (ExecutionException e) {
        throw new IllegalStateException("grading thread failed", e.getCause());
      }
    }
  }

  private static void gradeRange(
      List<GradeFile.GradeCase> cases, Grader grader, int from, int to, Measured into) {
    for (int i = from; i < to; i++) {
      WorkBudget budget = grader.newBudget();
      long start = System.nanoTime();
      GradeResult result = cases.get(i).gradeWith(grader, budget);
      into.micros[i] = (System.nanoTime() - start) / 1000;
      into.work[i] = budget.used();
      into.hitWorkBudget[i] = budget.exhausted();
      into.hitWallGuard[i] = budget.wallGuardTripped();
      into.statuses[i] = result.status();
    }
  }
}
