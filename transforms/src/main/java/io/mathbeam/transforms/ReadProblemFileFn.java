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
import java.nio.channels.ReadableByteChannel;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;

/** Reads one problem file through Beam's file systems and parses it with the core readers. */
final class ReadProblemFileFn extends DoFn<ProblemSource, Problem> {
  private final FieldMapping mapping;
  private final Counter accepted = Metrics.counter("mathbeam", "problems_read");
  private final Counter rejected = Metrics.counter("mathbeam", "problems_rejected");

  ReadProblemFileFn(FieldMapping mapping) {
    this.mapping = mapping;
  }

  @ProcessElement
  public void process(@Element ProblemSource source, MultiOutputReceiver out) throws IOException {
    RowParser parser = new RowParser(mapping, source.datasetId(), source.samples());
    ProblemSink sink =
        new ProblemSink() {
          @Override
          public void accept(Problem problem) {
            accepted.inc();
            out.get(ReadProblems.PROBLEMS).output(problem);
          }

          @Override
          public void reject(RejectedRow row) {
            rejected.inc();
            out.get(ReadProblems.REJECTED).output(row);
          }
        };
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
    ReadableByteChannel channel = FileSystems.open(file.resourceId());
    return Channels.newInputStream(channel);
  }
}
