package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.regrade.FirstChanges;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.RegradeTally;
import io.mathbeam.core.regrade.StoredSample;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.MetricsAccumulator;
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.pipelines.eval.ReportedRequest;
import io.mathbeam.pipelines.eval.RunCounters;
import io.mathbeam.pipelines.eval.RunOutputs;
import io.mathbeam.pipelines.synthetic.HarnessArgs;
import io.mathbeam.pipelines.synthetic.SyntheticRun;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import io.mathbeam.transforms.ProblemSample;
import io.mathbeam.transforms.ReadStoredSamples;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

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

  private RegradeFloor() {}

  /** {@code --input=RUN_DIR --output=NEW_DIR [--threads=2]}; exit status 1 on failure. */
  public static void main(String[] args) {
    int code;
    try {
      HarnessArgs options =
          HarnessArgs.parse("regrade-floor", args, Set.of("input", "output", "threads"));
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
    ObjectNode manifest = RegradeFloorFiles.readManifest(input);
    String storedVersion =
        manifest.path("grader_version").asText(ReadStoredSamples.UNKNOWN_VERSION);
    Map<String, Integer> samplesPerProblem = RegradeFloorFiles.samplesPerProblem(manifest, input);
    List<Path> inputFiles = RegradeFloorFiles.sampleFiles(input);

    Path samplesOut = output.resolve("samples");
    RegradeFloorFiles.clearPrevious(output);
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
    List<Future<RegradeFloorWorker.Shard>> shards = new ArrayList<>();
    long read = 0;
    boolean allQueued = false;
    try {
      for (int i = 0; i < threads; i++) {
        Path file = samplesOut.resolve(String.format("samples-%05d-of-%05d.parquet", i, threads));
        shards.add(pool.submit(new RegradeFloorWorker(queue, grader, file, failure)));
      }
      for (Path file : inputFiles) {
        read += readInto(file, samplesPerProblem, storedVersion, queue, failure);
      }
      for (int i = 0; i < threads; i++) {
        enqueue(queue, RegradeFloorWorker.END_OF_INPUT, failure);
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
    for (Future<RegradeFloorWorker.Shard> future : shards) {
      RegradeFloorWorker.Shard shard;
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
    RegradeFloorFiles.writeChanges(output, changeSummary, firstChanges);
    ObjectNode root = MetricsJson.toJson(metrics, manifest);
    ObjectNode counters = root.putObject("run_counters");
    counters.put("samples_read", read);
    statuses.forEach((status, n) -> counters.put("graded_" + status.wireName(), n));
    Files.writeString(output.resolve("metrics.json"), MetricsJson.write(root));
    RegradeFloorFiles.writeProblems(output.resolve("problems"), problems);
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
