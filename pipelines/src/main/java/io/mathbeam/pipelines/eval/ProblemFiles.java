package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.BuiltinProblems;
import io.mathbeam.core.problems.CsvProblemReader;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.JsonlProblemReader;
import io.mathbeam.core.problems.ProblemFormat;
import io.mathbeam.core.problems.ProblemSink;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.problems.RowParser;
import io.mathbeam.pipelines.storage.LocalPaths;
import io.mathbeam.pipelines.storage.Storage;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Driver-side access to the input files: content hashes for the manifest, problems for the
 * simulator.
 */
final class ProblemFiles {
  private ProblemFiles() {}

  static InputStream open(ProblemSource source) throws IOException {
    if (source.builtin()) {
      return BuiltinProblems.open(source.path().substring(ProblemSource.BUILTIN_PREFIX.length()));
    }
    LocalPaths.requireExists(source.path(), "problem file");
    return Storage.open(source.path());
  }

  static String sha256(ProblemSource source) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    try (InputStream in = new DigestInputStream(open(source), digest)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The rows of a Parquet source, from its footer. */
  static long parquetRows(ProblemSource source) throws IOException {
    LocalPaths.requireExists(source.path(), "problem file");
    return ParquetRecords.count(source.path());
  }

  /**
   * The readable problems of text sources (rejections are ignored here; the pipeline reports them).
   */
  static List<Problem> readProblems(ProblemSource source, FieldMapping mapping) throws IOException {
    List<Problem> out = new ArrayList<>();
    if (source.format() == ProblemFormat.PARQUET) {
      return out;
    }
    ProblemSink sink =
        new ProblemSink() {
          @Override
          public void accept(Problem problem) {
            out.add(problem);
          }

          @Override
          public void reject(RejectedRow row) {}
        };
    RowParser parser = new RowParser(mapping, source.datasetId(), source.samples());
    try (InputStream in = open(source)) {
      if (source.format() == ProblemFormat.CSV) {
        CsvProblemReader.read(in, source.path(), parser, sink);
      } else {
        JsonlProblemReader.read(in, source.path(), parser, sink);
      }
    }
    return out;
  }
}
