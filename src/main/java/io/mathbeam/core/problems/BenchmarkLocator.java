package io.mathbeam.core.problems;

import java.util.Optional;

/**
 * Finds the local file of a benchmark that mathbeam knows by name (fetching and caching it where
 * allowed), for names that no data directory holds. Errors are {@link IllegalArgumentException}s
 * whose message tells the user what to do.
 */
public interface BenchmarkLocator {
  /** How a Hugging Face Hub dataset is named: {@code hf:OWNER/NAME...}. */
  String HUB_PREFIX = "hf:";

  /** The file of the built-in benchmark {@code name}, or empty when no such benchmark is known. */
  Optional<String> locate(String name);

  /**
   * Checks a file found in the data directory under a known benchmark's name before it is used: one
   * that a cache fetched (a record beside it) must still have the rows it was pinned with.
   */
  default void check(String name, String file) {}

  /**
   * The base name of {@code name}'s file in a data directory or cache: the name itself, or for a
   * Hub dataset the file name its first fetch stored it under.
   */
  default String fileStem(String name) {
    return name;
  }

  /** The name a run's outputs give the benchmark {@code name} ({@code data_source}). */
  default String datasetId(String name) {
    return name;
  }

  /** No registry: only data directories and built-in sets. */
  BenchmarkLocator NONE = name -> Optional.empty();
}
