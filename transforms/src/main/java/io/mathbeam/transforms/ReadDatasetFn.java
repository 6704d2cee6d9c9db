package io.mathbeam.transforms;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.BuiltinProblems;
import io.mathbeam.core.problems.CsvProblemReader;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.JsonlProblemReader;
import io.mathbeam.core.problems.ProblemSink;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.problems.RowParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;

/**
 * Reads all files of one dataset through Beam's file systems with the core readers. The first row
 * of an id (in file, then line order) wins; later rows with the same id are rejected.
 */
final class ReadDatasetFn extends DoFn<List<ProblemSource>, Problem> {
  private final FieldMapping mapping;
  private final Counter accepted = Metrics.counter("mathbeam", "problems_read");
  private final Counter rejected = Metrics.counter("mathbeam", "problems_rejected");

  ReadDatasetFn(FieldMapping mapping) {
    this.mapping = mapping;
  }

  @ProcessElement
  public void process(@Element List<ProblemSource> sources, MultiOutputReceiver out)
      throws IOException {
    Map<String, String> firstSeenAt = new HashMap<>();
    ProblemSink sink =
        new ProblemSink() {
          @Override
          public void accept(Problem problem) {
            String first = firstSeenAt.putIfAbsent(problem.problemId(), problem.source());
            if (first != null) {
              reject(duplicate(problem, first));
              return;
            }
            accepted.inc();
            out.get(ReadProblems.PROBLEMS).output(problem);
          }

          @Override
          public void reject(RejectedRow row) {
            rejected.inc();
            out.get(ReadProblems.REJECTED).output(row);
          }
        };
    for (ProblemSource source : sources) {
      read(source, new RowParser(mapping, source.datasetId(), source.samples()), sink);
    }
  }

  private static RejectedRow duplicate(Problem dup, String firstSource) {
    int colon = dup.source().lastIndexOf(':');
    return new RejectedRow(
        dup.datasetId(),
        dup.source().substring(0, colon),
        Long.parseLong(dup.source().substring(colon + 1)),
        "id",
        "duplicate id '" + dup.problemId() + "' (first at " + firstSource + ")",
        dup.problem());
  }

  private static void read(ProblemSource source, RowParser parser, ProblemSink sink)
      throws IOException {
    if (source.builtin()) {
      String name = source.path().substring(ProblemSource.BUILTIN_PREFIX.length());
      try (InputStream in = BuiltinProblems.open(name)) {
        JsonlProblemReader.read(in, source.path(), parser, sink);
      }
      return;
    }
    MatchResult.Metadata file = FileSystems.matchSingleFileSpec(source.path());
    switch (source.format()) {
      case JSONL -> {
        try (InputStream in = open(file)) {
          JsonlProblemReader.read(in, source.path(), parser, sink);
        }
      }
      case CSV -> {
        try (InputStream in = open(file)) {
          CsvProblemReader.read(in, source.path(), parser, sink);
        }
      }
      case PARQUET -> ParquetProblemReader.read(file, source.path(), parser, sink);
    }
  }

  private static InputStream open(MatchResult.Metadata file) throws IOException {
    return Channels.newInputStream(FileSystems.open(file.resourceId()));
  }
}
