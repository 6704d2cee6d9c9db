package io.mathbeam.core.datasets;

/** A downloaded source file that does not have the layout its conversion expects. */
public final class BenchmarkFormatException extends Exception {
  public BenchmarkFormatException(String message) {
    super(message);
  }
}
