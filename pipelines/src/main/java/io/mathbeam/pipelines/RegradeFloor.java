package io.mathbeam.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.regrade.FirstChanges;
import io.mathbeam.core.regrade.GradeComparison;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.MetricsAccumulator;
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import io.mathbeam.transforms.GradeResponses;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import io.mathbeam.transforms.ProblemSample;
import io.mathbeam.transforms.ReadStoredSamples;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * The work of {@code mathbeam regrade} in one process with plain Java, no Beam: the floor the
 * pipeline's runners are measured against. Reads every {@code samples/*.parquet} row of a run (the
 * columns regrade reads), grades each response with {@link Grader} on N threads, tallies per
 * problem and dataset into {@link DatasetMetrics} (pass@k for k = 1..K), and writes the regraded
 * samples (Snappy Parquet, {@link OutputSchemas#SAMPLE}) and {@code metrics.json}. Like regrade, it
 * compares each new grade with the stored one and writes {@code regrade-changes.json} (a {@link
 * RegradeTally} per thread, merged) and {@code regrade-changes.jsonl} (the first changed samples,
 * at most {@link RegradeSummary#DEFAULT_LIST_LIMIT}, each thread keeping as many).
 *
 * <p>Memory is bounded: one thread streams rows into a queue of {@link #QUEUE_SLOTS_PER_THREAD}
 * generations per grading thread; each grading thread writes its own output file and keeps only
 * per-problem counts (a few dozen bytes per problem, whatever K and the text volume). What stays is
 * Parquet's own buffering: the input row group being read and each writer's row group of at most
 * {@link #ROW_GROUP_BYTES}.
 *
 * <p>Like regrade it then writes the {@code problems/} table (from a few small fields per sample,
 * never the texts) and runs the same post-run statistics, report and summary ({@link
 * RunOutputs#finish}), so the benchmark compares the same work.
 */
final class RegradeFloor {
  static final int DEFAULT_THREADS = 2;

  /** Generations queued per grading thread: enough to ride out a slow row, few enough to hold. */
  static final int QUEUE_SLOTS_PER_THREAD = 64;

  /** Row group size of the output files: the pipeline's samples writer's, which bounds memory. */
  static final long ROW_GROUP_BYTES = OutputSchemas.SAMPLE_ROW_GROUP_BYTES;

  /** Tells a grading thread that no more rows come. */
  private static final StoredSample END_OF_INPUT = new StoredSample(null, null);

  private RegradeFloor() {}

  /** {@code --input=RUN_DIR --output=NEW_DIR [--threads=2]}; exit status 1 on failure. */
  public static void main(String[] args) {
    int code;
    try {
      RegradeBenchmarkArgs options =
          RegradeBenchmarkArgs.parse("regrade-floor", args, Set.of("input", "output", "threads"));
      RegradeFloorResult result =
          run(
              Path.of(options.required("input")),
              Path.of(options.required("output")),
              options.integer("threads", DEFAULT_THREADS, 1));
      print(result, System.out);
      code = 0;
    } catch (IOException | RuntimeException | InterruptedException e) {
      String message = String.valueOf(e.getMessage());
      System.err.println(
          message.startsWith("regrade-floor") ? message : "regrade-floor: " + message);
      if (System.getenv("MATHBEAM_DEBUG") != null) {
        e.printStackTrace();
      }
      code = 1;
    }
    System.exit(code);
  }

  /**
   * Regrades the run in {@code input} into {@code output}, replacing the samples and metrics of an
   * earlier regrade there.
   *
   * @throws RegradeFloorException when the input is not a run directory (no readable {@code
   *     metrics.json} with a manifest listing datasets, no sample files, an unreadable file) or a
   *     grading thread failed
   */
  static RegradeFloorResult run(Path input, Path output, int threads)
      throws IOException, InterruptedException {
    return run(input, output, threads, new Grader());
  }

  /**
   * As {@link #run(Path, Path, int)} with {@code grader} (immutable and thread-safe, shared by the
   * grading threads).
   */
  static RegradeFloorResult run(Path input, Path output, int threads, Grader grader)
      throws IOException, InterruptedException {
    if (threads < 1) {
      throw new IllegalArgumentException(
          "regrade-floor: threads must be at least 1, got " + threads);
    }
    if (input.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize())) {
      throw new IllegalArgumentException(
          "regrade-floor: --output must be a new directory, not the input run " + input);
    }
    Instant started = Instant.now();
    ObjectNode manifest = readManifest(input);
    String storedVersion =
        manifest.path("grader_version").asText(ReadStoredSamples.UNKNOWN_VERSION);
    Map<String, Integer> samplesPerProblem = samplesPerProblem(manifest, input);
    List<Path> inputFiles = sampleFiles(input);

    Path samplesOut = output.resolve("samples");
    clearPrevious(output);
    Files.createDirectories(samplesOut);

    BlockingQueue<StoredSample> queue = new ArrayBlockingQueue<>(threads * QUEUE_SLOTS_PER_THREAD);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicInteger threadIds = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "regrade-floor-grader-" + threadIds.getAndIncrement());
              t.setDaemon(true);
              return t;
            });
    List<Future<GradingShard>> shards = new ArrayList<>();
    long read = 0;
    boolean allQueued = false;
    try {
      for (int i = 0; i < threads; i++) {
        Path file = samplesOut.resolve(String.format("samples-%05d-of-%05d.parquet", i, threads));
        shards.add(pool.submit(new GradingWorker(queue, grader, file, failure)));
      }
      for (Path file : inputFiles) {
        read += readInto(file, samplesPerProblem, storedVersion, queue, failure);
      }
      for (int i = 0; i < threads; i++) {
        enqueue(queue, END_OF_INPUT, failure);
      }
      allQueued = true;
    } catch (WorkerFailed e) {
      throw new RegradeFloorException(
          "regrade-floor: a grading thread failed writing " + output + ": " + failure.get(),
          failure.get());
    } finally {
      if (allQueued) {
        pool.shutdown();
      } else {
        // the others wait for rows that will not come
        pool.shutdownNow();
      }
    }

    Map<String, ProblemTallies> tallies = new TreeMap<>();
    Map<GradeStatus, Long> statuses = new EnumMap<>(GradeStatus.class);
    Map<String, List<ProblemSample>> problems = new TreeMap<>();
    RegradeTally changes = new RegradeTally();
    FirstChanges firstChanges = new FirstChanges(RegradeSummary.DEFAULT_LIST_LIMIT);
    long written = 0;
    for (Future<GradingShard> future : shards) {
      GradingShard shard;
      try {
        shard = future.get();
      } catch (ExecutionException e) {
        throw new RegradeFloorException(
            "regrade-floor: a grading thread failed writing " + output + ": " + e.getCause(),
            e.getCause());
      }
      shard.tallies().forEach((dataset, t) -> tallies.merge(dataset, t, ProblemTallies::merge));
      shard.statuses().forEach((status, n) -> statuses.merge(status, n, Long::sum));
      written += shard.rows();
      changes.merge(shard.changes());
      firstChanges.merge(shard.firstChanges());
      shard
          .problems()
          .forEach(
              (key, parts) -> problems.computeIfAbsent(key, k -> new ArrayList<>()).addAll(parts));
    }
    if (written != read) {
      throw new IllegalStateException(
          "regrade-floor: read " + read + " rows from " + input + " but wrote " + written);
    }

    List<DatasetMetrics> metrics = new ArrayList<>();
    MetricsAccumulator aggregate = new MetricsAccumulator();
    tallies.forEach(
        (dataset, t) -> {
          metrics.add(t.accumulate(new MetricsAccumulator()).result(dataset));
          t.accumulate(aggregate);
        });
    metrics.add(aggregate.result(DatasetMetrics.AGGREGATE));

    Instant finished = Instant.now();
    manifest.put("regraded_from", input.toString());
    manifest.put("grader_version", Grader.VERSION);
    manifest.put("mathbeam_version", SyntheticRun.mathbeamVersion());
    manifest.put("started_at", started.toString());
    manifest.put("finished_at", finished.toString());
    manifest.put("duration_seconds", Duration.between(started, finished).toMillis() / 1000.0);
    manifest.put("runner", "RegradeFloor");
    manifest.put("floor_threads", threads);
    manifest
        .putObject(RunOutputs.REGRADE_CHANGES)
        .put("summary", RegradeSummary.SUMMARY_FILE)
        .put("changes", RegradeSummary.CHANGES_FILE);
    RegradeSummary changeSummary =
        changes.summary(Grader.VERSION, RegradeSummary.DEFAULT_LIST_LIMIT);
    writeChanges(output, changeSummary, firstChanges);
    ObjectNode root = MetricsJson.toJson(metrics, manifest);
    ObjectNode counters = root.putObject("run_counters");
    counters.put("samples_read", read);
    statuses.forEach((status, n) -> counters.put("graded_" + status.wireName(), n));
    Files.writeString(output.resolve("metrics.json"), MetricsJson.write(root));
    writeProblems(output.resolve("problems"), problems);
    // the statistics, report and summary that follow every regrade: the same code
    Map<String, Long> counterValues = new TreeMap<>();
    statuses.forEach((status, n) -> counterValues.put("graded_" + status.wireName(), n));
    RunOutputs.finish(
        output.toString(),
        started,
        finished,
        RunCounters.of(counterValues),
        ReportedRequest.NONE,
        null,
        new PrintStream(OutputStream.nullOutputStream()));
    return new RegradeFloorResult(
        output,
        read,
        metrics,
        statuses,
        changeSummary,
        Duration.between(started, Instant.now()),
        threads);
  }

  /**
   * {@code regrade-changes.json} and {@code regrade-changes.jsonl}, as the pipeline writes them.
   */
  private static void writeChanges(Path output, RegradeSummary summary, FirstChanges first)
      throws IOException {
    Files.writeString(
        output.resolve(RegradeSummary.SUMMARY_FILE), MetricsJson.write(summary.toJson()));
    try (BufferedWriter lines =
        Files.newBufferedWriter(output.resolve(RegradeSummary.CHANGES_FILE))) {
      for (VerdictChange c : first.sorted()) {
        lines.write(c.jsonLine());
        lines.write('\n');
      }
    }
  }

  /** The problems/ table: one row per problem from the small per-sample parts, no text. */
  private static void writeProblems(Path dir, Map<String, List<ProblemSample>> problems)
      throws IOException {
    Files.createDirectories(dir);
    try (ParquetWriter<GenericRecord> writer =
        RegradeFloorParquet.open(
            dir.resolve("problems-00000-of-00001.parquet"),
            OutputSchemas.PROBLEM,
            ROW_GROUP_BYTES)) {
      for (List<ProblemSample> parts : problems.values()) {
        parts.sort(Comparator.comparingInt(ProblemSample::sampleIndex));
        writer.write(OutputSchemas.problemRecord(parts));
      }
    }
  }

  static void print(RegradeFloorResult result, PrintStream out) {
    double seconds = result.elapsed().toMillis() / 1000.0;
    out.printf(
        "regrade-floor: %d samples in %.1f s (%.0f samples/s) on %d grading threads -> %s%n",
        result.samples(),
        seconds,
        result.samples() / Math.max(seconds, 1e-3),
        result.threads(),
        result.output());
    for (DatasetMetrics m : result.metrics()) {
      out.printf(
          "  %-16s problems %6d  samples %8d  pass@1 %.4f  correct %d  incorrect %d  no_answer %d"
              + "  unparseable %d  request_error %d%n",
          m.dataset(),
          m.numProblems(),
          m.numSamples(),
          m.passAtK().isEmpty() ? 0.0 : m.passAtK().get(0),
          m.correct(),
          m.incorrect(),
          m.noAnswer(),
          m.unparseable(),
          m.requestErrors());
    }
    RegradeSummary c = result.changes();
    out.printf(
        "  changed status: %d of %d samples (stored grades %s -> %s)%n",
        c.changed(), c.samples(), c.oldGraderVersion(), c.newGraderVersion());
  }

  /** Streams one file's rows into the queue; returns how many. */
  private static long readInto(
      Path file,
      Map<String, Integer> samplesPerProblem,
      String storedVersion,
      BlockingQueue<StoredSample> queue,
      AtomicReference<Throwable> failure)
      throws IOException, InterruptedException {
    long[] rows = {0};
    try {
      ParquetRecords.forEach(
          file.toString(),
          OutputSchemas.STORED_SAMPLE,
          row -> {
            StoredSample g;
            try {
              g =
                  new StoredSample(
                      ReadStoredSamples.generation(row, samplesPerProblem),
                      ReadStoredSamples.grade(row, storedVersion));
            } catch (RuntimeException e) {
              throw new IllegalArgumentException(
                  "row " + rows[0] + " does not hold a stored sample (" + e + ")", e);
            }
            try {
              enqueue(queue, g, failure);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new ReaderInterrupted(e);
            }
            rows[0]++;
          });
    } catch (ReaderInterrupted e) {
      throw (InterruptedException) e.getCause();
    } catch (WorkerFailed e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new RegradeFloorException("regrade-floor: cannot read " + file + ": " + e, e);
    }
    return rows[0];
  }

  /** Puts {@code g} on the queue, giving up when a grading thread has failed (none would take). */
  private static void enqueue(
      BlockingQueue<StoredSample> queue, StoredSample g, AtomicReference<Throwable> failure)
      throws InterruptedException {
    while (!queue.offer(g, 100, TimeUnit.MILLISECONDS)) {
      if (failure.get() != null) {
        throw new WorkerFailed();
      }
    }
  }

  private static ObjectNode readManifest(Path input) throws IOException {
    Path file = input.resolve("metrics.json");
    JsonNode root;
    try {
      root = MetricsJson.JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new RegradeFloorException(
          "regrade-floor: "
              + input
              + " is not a run directory (cannot read "
              + file
              + ": "
              + e
              + ")",
          e);
    }
    if (!(root.path("manifest") instanceof ObjectNode manifest)) {
      throw new RegradeFloorException(file + " has no \"manifest\" object", null);
    }
    return manifest.deepCopy();
  }

  private static Map<String, Integer> samplesPerProblem(ObjectNode manifest, Path input)
      throws RegradeFloorException {
    Map<String, Integer> out = new HashMap<>();
    for (JsonNode d : manifest.path("datasets")) {
      out.put(d.path("name").asText(), d.path("samples_per_problem").asInt());
    }
    if (out.isEmpty()) {
      throw new RegradeFloorException(
          input.resolve("metrics.json")
              + ": manifest.datasets lists no dataset with name and samples_per_problem",
          null);
    }
    return out;
  }

  private static List<Path> sampleFiles(Path input) throws IOException {
    Path dir = input.resolve("samples");
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir, "*.parquet")) {
        listing.forEach(files::add);
      }
    }
    if (files.isEmpty()) {
      throw new RegradeFloorException(dir + " holds no *.parquet sample files", null);
    }
    files.sort(null);
    return files;
  }

  /** Removes an earlier run's results in {@code output}, as regrade does, so no shard is stale. */
  private static void clearPrevious(Path output) throws IOException {
    for (String sub : List.of("samples", "problems", "rejected")) {
      Path dir = output.resolve(sub);
      if (Files.isDirectory(dir)) {
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir)) {
          for (Path file : listing) {
            Files.delete(file);
          }
        }
      }
    }
    Files.deleteIfExists(output.resolve("metrics.json"));
    Files.deleteIfExists(output.resolve("report.html"));
    Files.deleteIfExists(output.resolve(RegradeSummary.SUMMARY_FILE));
    Files.deleteIfExists(output.resolve(RegradeSummary.CHANGES_FILE));
  }

  /**
   * What one grading thread did: its rows, their statuses, per-problem counts, and what changed
   * against the stored grades.
   */
  private record GradingShard(
      long rows,
      Map<String, ProblemTallies> tallies,
      Map<GradeStatus, Long> statuses,
      Map<String, List<ProblemSample>> problems,
      RegradeTally changes,
      FirstChanges firstChanges) {}

  /** Takes generations off the queue, grades them and writes them to its own file. */
  private static final class GradingWorker implements Callable<GradingShard> {
    private final BlockingQueue<StoredSample> queue;
    private final Grader grader;
    private final Path file;
    private final AtomicReference<Throwable> failure;

    GradingWorker(
        BlockingQueue<StoredSample> queue,
        Grader grader,
        Path file,
        AtomicReference<Throwable> failure) {
      this.queue = queue;
      this.grader = grader;
      this.file = file;
      this.failure = failure;
    }

    @Override
    public GradingShard call() throws Exception {
      Map<String, ProblemTallies> tallies = new HashMap<>();
      Map<String, List<ProblemSample>> problems = new HashMap<>();
      long[] statuses = new long[GradeStatus.values().length];
      RegradeTally changes = new RegradeTally();
      FirstChanges firstChanges = new FirstChanges(RegradeSummary.DEFAULT_LIST_LIMIT);
      long rows = 0;
      try (ParquetWriter<GenericRecord> writer =
          RegradeFloorParquet.open(file, OutputSchemas.SAMPLE, ROW_GROUP_BYTES)) {
        while (true) {
          StoredSample stored = queue.take();
          if (stored == END_OF_INPUT) {
            break;
          }
          Generation g = stored.generation();
          GradedSample graded = GradeResponses.grade(grader, g);
          GradeComparison comparison = GradeComparison.of(stored.grade(), graded, Grader.VERSION);
          changes.add(comparison);
          if (comparison.statusChanged()) {
            firstChanges.add(comparison.change());
          }
          writer.write(OutputSchemas.sampleRecord(graded));
          SampleRequest r = g.request();
          tallies
              .computeIfAbsent(r.datasetId(), d -> new ProblemTallies())
              .add(
                  ProblemTally.empty(r.datasetId(), r.problemId())
                      .plus(
                          graded.status(),
                          "length".equals(g.finishReason()),
                          g.completionTokens()));
          statuses[graded.status().ordinal()]++;
          ProblemSample part = ProblemSample.of(graded);
          problems.computeIfAbsent(part.problemKey(), k -> new ArrayList<>()).add(part);
          rows++;
        }
      } catch (Exception | Error e) {
        failure.compareAndSet(null, e);
        throw e;
      }
      Map<GradeStatus, Long> byStatus = new EnumMap<>(GradeStatus.class);
      for (GradeStatus s : GradeStatus.values()) {
        if (statuses[s.ordinal()] > 0) {
          byStatus.put(s, statuses[s.ordinal()]);
        }
      }
      return new GradingShard(rows, tallies, byStatus, problems, changes, firstChanges);
    }
  }

  /** Unwinds the reader when a grading thread failed and nothing takes from the queue. */
  private static final class WorkerFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WorkerFailed() {
      super("a grading thread failed", null, false, false);
    }
  }

  /** Carries an interrupt out of the row callback, which cannot throw checked exceptions. */
  private static final class ReaderInterrupted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ReaderInterrupted(InterruptedException cause) {
      super(cause);
    }
  }
}
