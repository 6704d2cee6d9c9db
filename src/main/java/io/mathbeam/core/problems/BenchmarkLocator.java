package io.mathbeam.core.problems;

import java.util.Optional;

/**
 * Finds the local file of a benchmark that mathbeam knows by name (fetching and caching it where
 * allowed), for names that no data directory holds. Errors are {@link IllegalArgumentException}s
 * whose message tells the user what to do.
 */
public interface BenchmarkLocator {
  /** The file of the built-in benchmark {@code name}, or empty when no such benchmark is known. */
  Optional<String> locate(String name);

  /**
   * Checks a file found in the data directory under a known benchmark's name before it is used: one
   * that a cache fetched (a record beside it) must still have the rows it was pinned with.
   */
  default void check(String name, String file) {}

  /** No registry: only data directories and built-in sets. */
  BenchmarkLocator NONE = name -> Optional.empty();
}
