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
    if (HubDatasetId.isHub(name)) {
      return Optional.of(locateHub(HubDatasetId.parse(name)));
    }
    Optional<Benchmark> b = Benchmarks.byName(name);
    if (b.isEmpty()) {
      Optional<HubBenchmark> hub = Benchmarks.hubByName(name);
      return hub.isEmpty() ? Optional.empty() : Optional.of(locateHub(hub.get()));
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

  @Override
  public String fileStem(String name) {
    return HubDatasetId.isHub(name) ? HubDatasetId.parse(name).cacheName() : name;
  }

  @Override
  public String datasetId(String name) {
    return HubDatasetId.isHub(name) ? HubDatasetId.parse(name).datasetId() : name;
  }

  /** A named benchmark published on the Hub: fetched as a Hub dataset, cached under its name. */
  private String locateHub(HubBenchmark b) {
    return locateOnHub(
        b.name(), b.name(), "benchmark '" + b.name() + "'", () -> b.resolve(cache.hub()));
  }

  /** A Hub dataset by id ({@code hf:OWNER/NAME...}). */
  private String locateHub(HubDatasetId id) {
    return locateOnHub(id.cacheName(), id.toString(), id.toString(), () -> cache.hub().resolve(id));
  }

  /** Resolves a benchmark's files on the Hub: only when none of its fetches is cached. */
  @FunctionalInterface
  private interface HubResolution {
    Benchmark resolve() throws BenchmarkUnavailableException, InterruptedException;
  }

  /**
   * The cached file of an earlier fetch (checked against its record, no network), else fetched: its
   * revision resolved to a commit, its config's and split's files downloaded and its rows pinned by
   * this first fetch.
   *
   * @param stem the file name the cache keeps it under
   * @param name what the command line calls it
   * @param named how messages name it
   */
  private String locateOnHub(String stem, String name, String named, HubResolution resolution) {
    try {
      Optional<Path> cached = cache.recorded(stem);
      if (cached.isPresent()) {
        return cached.get().toString();
      }
      if (offline) {
        throw new IllegalArgumentException(
            named
                + " is not in the cache "
                + cache.root()
                + " and --offline forbids fetching it. On a machine with network: mathbeam"
                + " datasets fetch "
                + name
                + " --dataDir=DIR, then pass --dataDir=DIR (or set MATHBEAM_DATA=DIR).");
      }
      return cache.locate(resolution.resolve(), false).toString();
    } catch (BenchmarkUnavailableException | ChecksumMismatchException e) {
      throw new IllegalArgumentException(e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while fetching " + named);
    }
  }

  /**
   * A data directory file that a cache wrote (its record beside it: the cache itself, or a copy on
   * an air-gapped machine) must still be what was pinned; the user's own files are used as they
   * are.
   */
  @Override
  public void check(String name, String file) {
    if ((Benchmarks.byName(name).isEmpty()
            && Benchmarks.hubByName(name).isEmpty()
            && !HubDatasetId.isHub(name))
        || file.contains("://")) {
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
