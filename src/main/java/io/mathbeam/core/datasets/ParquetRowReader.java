package io.mathbeam.core.datasets;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads a local Parquet file as ordered rows. The core has no Parquet library; the transforms
 * module, which has parquet-mr, supplies the implementation.
 */
@FunctionalInterface
public interface ParquetRowReader {
  List<Map<String, Object>> read(Path file) throws IOException;

  /** For callers without Parquet support: a benchmark served as Parquet fails with a reason. */
  ParquetRowReader NONE =
      file -> {
        throw new IOException(
            "cannot read " + file + ": this build of mathbeam has no Parquet reader");
      };
}
