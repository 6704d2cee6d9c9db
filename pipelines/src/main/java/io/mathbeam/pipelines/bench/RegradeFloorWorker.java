package io.mathbeam.pipelines.bench;

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
import io.mathbeam.core.stats.ProblemTallies;
import io.mathbeam.core.stats.ProblemTally;
import io.mathbeam.pipelines.synthetic.LocalParquet;
import io.mathbeam.transforms.GradeResponses;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ProblemSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * One grading thread of {@link RegradeFloor}: takes generations off the queue, grades them and
 * writes them to its own file.
 */
final class RegradeFloorWorker implements Callable<RegradeFloorWorker.Shard> {
  /** Tells a grading thread that no more rows come. */
  static final StoredSample END_OF_INPUT = new StoredSample(null, null);

  /**
   * What one grading thread did: its rows, their statuses, per-problem counts, and what changed
   * against the stored grades.
   */
  record Shard(
      long rows,
      Map<String, ProblemTallies> tallies,
      Map<GradeStatus, Long> statuses,
      Map<String, List<ProblemSample>> problems,
      RegradeTally changes,
      FirstChanges firstChanges) {}

  private final BlockingQueue<StoredSample> queue;
  private final Grader grader;
  private final Path file;
  private final AtomicReference<Throwable> failure;

  RegradeFloorWorker(
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
  public Shard call() throws Exception {
    Map<String, ProblemTallies> tallies = new HashMap<>();
    Map<String, List<ProblemSample>> problems = new HashMap<>();
    long[] statuses = new long[GradeStatus.values().length];
    RegradeTally changes = new RegradeTally();
    FirstChanges firstChanges = new FirstChanges(RegradeSummary.DEFAULT_LIST_LIMIT);
    long rows = 0;
    try (ParquetWriter<GenericRecord> writer =
        LocalParquet.open(file, OutputSchemas.SAMPLE, RegradeFloor.ROW_GROUP_BYTES)) {
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
                        graded.status(), "length".equals(g.finishReason()), g.completionTokens()));
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
    return new Shard(rows, tallies, byStatus, problems, changes, firstChanges);
  }
}
