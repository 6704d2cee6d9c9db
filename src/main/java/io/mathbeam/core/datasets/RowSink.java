package io.mathbeam.core.datasets;

import java.io.IOException;
import java.util.Map;

/** Receives converted rows, in the order they are to be written. */
public interface RowSink {
  /** A row as an ordered map of strings, integers, booleans, nulls, lists and maps. */
  void row(Map<String, Object> row) throws IOException;

  /**
   * A row that is already one line of JSON, written unchanged: for large sets kept in their
   * published form (LiveCodeBench), where re-encoding would only cost time.
   */
  void jsonLine(String line) throws IOException;
}
