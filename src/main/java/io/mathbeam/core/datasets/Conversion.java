package io.mathbeam.core.datasets;

import java.io.IOException;

/** Turns a benchmark's downloaded source files into rows of mathbeam's schema. */
@FunctionalInterface
public interface Conversion {
  void convert(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException;
}
