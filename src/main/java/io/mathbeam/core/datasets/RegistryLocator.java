package io.mathbeam.core.datasets;

import io.mathbeam.core.problems.BenchmarkLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Resolves benchmark names through the registry and the cache: a cached set is checked and used, a
 * missing one fetched (never with {@code offline}).
 */
public final class RegistryLocator implements BenchmarkLocator {
  private final BenchmarkCache cache;
  private final boolean offline;

  public RegistryLocator(BenchmarkCache cache, boolean offline) {
    this.cache = cache;
    this.offline = offline;
  }

  @Override
  public Optional<String> locate(String name) {
    Optional<Benchmark> b = Benchmarks.byName(name);
    if (b.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(cache.locate(b.get(), offline).toString());
    } catch (BenchmarkUnavailableException | ChecksumMismatchException e) {
      throw new IllegalArgumentException(e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while fetching benchmark '" + name + "'");
    }
  }

  /**
   * A data directory file that a cache wrote (its record beside it: the cache itself, or a copy on
   * an air-gapped machine) must still be what was pinned; the user's own files are used as they
   * are.
   */
  @Override
  public void check(String name, String file) {
    Optional<Benchmark> b = Benchmarks.byName(name);
    if (b.isEmpty() || file.contains("://")) {
      return;
    }
    Path path = Path.of(file);
    Optional<CacheRecord> record = CacheRecord.beside(path);
    if (record.isEmpty() || !Files.isRegularFile(path)) {
      return;
    }
    String actual;
    try {
      actual = Sha256.of(path);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
    if (!actual.equals(record.get().sha256())) {
      throw new IllegalArgumentException(
          file
              + " has sha256 "
              + actual
              + ", but its cache record ("
              + CacheRecord.FOLDER
              + "/"
              + name
              + ".json beside it) says "
              + record.get().sha256()
              + ": the file changed after it was fetched. Fetch it again: mathbeam datasets fetch "
              + name
              + " --dataDir="
              + path.toAbsolutePath().getParent());
    }
  }
}
