package io.mathbeam.core.datasets;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The local cache of built-in benchmarks ({@code $MATHBEAM_DATA}, default {@code
 * ~/.cache/mathbeam/datasets}), laid out like a data directory: {@code <name>.jsonl}, code sets in
 * {@code code/}, and per set a {@link CacheRecord} in {@code .mathbeam/}. A set missing from it is
 * downloaded, converted and checked against its pinned sha256 on first use; later uses check the
 * cached file against its record. Two processes sharing a cache take a file lock per set, so one
 * fetches while the other waits and then reads what the first stored.
 */
public final class BenchmarkCache {
  private final Path root;
  private final SourceLocations locations;
  private final Downloader downloader;
  private final ParquetRowReader parquet;
  private final PrintStream messages;

  public BenchmarkCache(
      Path root,
      SourceLocations locations,
      Downloader downloader,
      ParquetRowReader parquet,
      PrintStream messages) {
    this.root = root.toAbsolutePath().normalize();
    this.locations = locations;
    this.downloader = downloader;
    this.parquet = parquet;
    this.messages = messages;
  }

  /** {@code $MATHBEAM_DATA}, else {@code ~/.cache/mathbeam/datasets}. */
  public static Path defaultRoot(Map<String, String> env) {
    String data = env.get("MATHBEAM_DATA");
    if (data != null && !data.isBlank()) {
      return Paths.get(data);
    }
    return Paths.get(System.getProperty("user.home"), ".cache", "mathbeam", "datasets");
  }

  public Path root() {
    return root;
  }

  public Path fileOf(Benchmark b) {
    return root.resolve(b.relativePath());
  }

  /** How a set stands in the cache, without touching the network. */
  public enum State {
    /** Not in the cache. */
    ABSENT,
    /** Cached, with a record that matches the registry's pin (or the user's accepted hash). */
    CACHED,
    /** Cached under another pin than this mathbeam's registry: fetched again on next use. */
    OTHER_PIN,
    /**
     * A file of the set's name without a record (a data directory the user filled, such as the
     * shared data folder): eval reads it as it is.
     */
    FILE
  }

  public State state(Benchmark b) {
    Optional<CacheRecord> record = record(b);
    if (!Files.isRegularFile(fileOf(b))) {
      return State.ABSENT;
    }
    if (record.isEmpty()) {
      return State.FILE;
    }
    return matchesRegistry(b, record.get()) ? State.CACHED : State.OTHER_PIN;
  }

  /** The resolver of Hub datasets by id, fetching through this cache's locations. */
  public HubDatasets hub() {
    return new HubDatasets(
        locations, downloader, root.resolve(CacheRecord.FOLDER).resolve("downloads"));
  }

  /**
   * The cached file of the set whose files are named {@code stem} ({@link Benchmark#stem()}) when
   * its record is here and the file still has the recorded rows: a Hub dataset an earlier run
   * fetched, used without asking the Hub again; empty otherwise.
   */
  public Optional<Path> recorded(String stem) throws InterruptedException {
    try (CacheLock lock =
        CacheLock.acquire(root.resolve(CacheRecord.FOLDER).resolve(stem + ".lock"))) {
      Optional<CacheRecord> record = record(stem);
      if (record.isEmpty()) {
        return Optional.empty();
      }
      Path file = root.resolve(record.get().file());
      return Files.isRegularFile(file) && hasRecordedRows(record.get().name(), file, record.get())
          ? Optional.of(file)
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Whether {@code file} still has the rows its record pinned; says so when it does not. */
  private boolean hasRecordedRows(String name, Path file, CacheRecord record) throws IOException {
    String actual = Sha256.of(file);
    if (actual.equals(record.sha256())) {
      return true;
    }
    messages.printf(
        "%s: the cached %s has sha256 %s, its record says %s (changed on disk)%n",
        name, file, actual, record.sha256());
    return false;
  }

  public Optional<CacheRecord> record(Benchmark b) {
    return record(b.stem());
  }

  private Optional<CacheRecord> record(String name) {
    Path path = CacheRecord.pathIn(root, name);
    if (!Files.isRegularFile(path)) {
      return Optional.empty();
    }
    try {
      return Optional.of(CacheRecord.read(path));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static boolean matchesRegistry(Benchmark b, CacheRecord record) {
    return !b.pinned()
        || record.pinnedBy().equals(CacheRecord.ACCEPTED)
        || b.sha256().equals(record.sha256());
  }

  /**
   * The cached file of {@code b}, checked against its record; fetched first when it is missing or
   * pinned otherwise than the registry says.
   *
   * @param offline never touch the network: a set not cached is an error that says how to get it
   */
  public Path locate(Benchmark b, boolean offline)
      throws BenchmarkUnavailableException, ChecksumMismatchException, InterruptedException {
    try (CacheLock lock = lock(b)) {
      Optional<CacheRecord> record = record(b);
      Path file = fileOf(b);
      if (record.isPresent()
          && Files.isRegularFile(file)
          && matchesRegistry(b, record.get())
          && hasRecordedRows(b.name(), file, record.get())) {
        return file;
      }
      if (offline) {
        throw new BenchmarkUnavailableException(
            "benchmark '"
                + b.name()
                + "' is not in the cache "
                + root
                + " (or not as this version of mathbeam pins it) and --offline forbids fetching"
                + " it. On a machine with network: mathbeam datasets fetch "
                + b.name()
                + " --dataDir=DIR, then copy DIR here and pass --dataDir=DIR (or set"
                + " MATHBEAM_DATA=DIR).",
            null);
      }
      fetchLocked(b, null, record.orElse(null));
      return file;
    } catch (IOException e) {
      throw unavailable(b, e);
    }
  }

  /**
   * Downloads and converts {@code b} again, whether cached or not.
   *
   * @param acceptHash the sha256 the converted rows must have instead of the pinned one (a new
   *     revision the user accepts), or null
   */
  public CacheRecord fetch(Benchmark b, String acceptHash)
      throws BenchmarkUnavailableException, ChecksumMismatchException, InterruptedException {
    try (CacheLock lock = lock(b)) {
      return fetchLocked(b, acceptHash, record(b).orElse(null));
    } catch (IOException e) {
      throw unavailable(b, e);
    }
  }

  private BenchmarkUnavailableException unavailable(Benchmark b, IOException e) {
    String hint =
        e instanceof AccessDeniedException || (Files.isDirectory(root) && !Files.isWritable(root))
            ? " (the cache is not writable: set MATHBEAM_DATA to a writable directory)"
            : "";
    return new BenchmarkUnavailableException(
        "benchmark '" + b.name() + "': " + e + " in the cache " + root + hint, null);
  }

  private CacheLock lock(Benchmark b) throws IOException, InterruptedException {
    return CacheLock.acquire(root.resolve(CacheRecord.FOLDER).resolve(b.stem() + ".lock"));
  }

  private CacheRecord fetchLocked(Benchmark b, String acceptHash, CacheRecord previous)
      throws IOException,
          BenchmarkUnavailableException,
          ChecksumMismatchException,
          InterruptedException {
    String expected;
    String pinnedBy;
    if (acceptHash != null) {
      expected = acceptHash.strip().toLowerCase(java.util.Locale.ROOT);
      pinnedBy = expected.equals(b.sha256()) ? CacheRecord.REGISTRY : CacheRecord.ACCEPTED;
    } else if (previous != null && previous.pinnedBy().equals(CacheRecord.ACCEPTED)) {
      expected = previous.sha256();
      pinnedBy = CacheRecord.ACCEPTED;
    } else if (b.pinned()) {
      expected = b.sha256();
      pinnedBy = CacheRecord.REGISTRY;
    } else {
      // no hash ships for this set: an earlier fetch's pin holds, else this fetch sets it
      expected = previous == null ? null : previous.sha256();
      pinnedBy = CacheRecord.FIRST_FETCH;
    }
    Path downloads = root.resolve(CacheRecord.FOLDER).resolve("downloads").resolve(b.stem());
    Files.createDirectories(downloads);
    Map<String, SourceRows.Downloaded> files = new LinkedHashMap<>();
    List<CacheRecord.Source> sources = new ArrayList<>();
    for (SourceFile source : b.files()) {
      Path local = downloads.resolve(source.key().replace('/', '_'));
      String url = source.url(locations);
      Downloader.Result result = download(b, source, url, local);
      files.put(source.key(), new SourceRows.Downloaded(source, local));
      sources.add(new CacheRecord.Source(url, source.revision(), result.repoCommit().orElse(null)));
    }
    Path target = fileOf(b);
    Files.createDirectories(target.getParent());
    ConvertedFile converted;
    try {
      converted = ConvertedFile.write(b, new SourceRows(files, parquet), target);
    } catch (BenchmarkFormatException e) {
      deleteTree(downloads);
      throw new BenchmarkUnavailableException(
          "benchmark '"
              + b.name()
              + "': the published file is not in the expected format: "
              + e.getMessage(),
          null);
    }
    try {
      if (b.rows() > 0 && converted.rows() != b.rows() && !pinnedBy.equals(CacheRecord.ACCEPTED)) {
        throw new BenchmarkUnavailableException(
            "benchmark '"
                + b.name()
                + "': the conversion gave "
                + converted.rows()
                + " rows, the registry expects "
                + b.rows()
                + "; nothing was cached",
            null);
      }
      if (expected != null && !expected.equals(converted.sha256())) {
        throw new ChecksumMismatchException(b, expected, converted.sha256(), pinnedBy);
      }
    } catch (BenchmarkUnavailableException | ChecksumMismatchException e) {
      Files.deleteIfExists(converted.temporary());
      deleteTree(downloads);
      throw e;
    }
    Files.move(
        converted.temporary(),
        target,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    CacheRecord record =
        new CacheRecord(
            b.name(),
            b.relativePath(),
            converted.sha256(),
            converted.rows(),
            pinnedBy,
            sources,
            Instant.now().toString());
    record.write(CacheRecord.pathIn(root, b.stem()));
    deleteTree(downloads);
    messages.printf(
        "%s: %d rows, sha256 %s (%s) -> %s%n",
        b.name(), converted.rows(), converted.sha256(), pinnedBy, target);
    if (expected == null) {
      messages.printf(
          "%s: mathbeam ships no sha256 for this set; this fetch pinned it. Later fetches into"
              + " this cache must give the same rows; elsewhere check them with: mathbeam"
              + " datasets fetch %s --accept-hash=%s%n",
          b.name(), b.name(), converted.sha256());
    }
    return record;
  }

  private Downloader.Result download(Benchmark b, SourceFile source, String url, Path local)
      throws BenchmarkUnavailableException, InterruptedException {
    boolean hf = source.host() == SourceFile.Host.HUGGING_FACE;
    String token = hf ? locations.hfToken() : null;
    if (b.gated() && token == null) {
      throw new BenchmarkUnavailableException(
          "benchmark '"
              + b.name()
              + "' is gated on Hugging Face ("
              + source.repo()
              + "): set HF_TOKEN to a token of an account that has accepted the dataset's terms"
              + " at https://huggingface.co/datasets/"
              + source.repo(),
          null);
    }
    try {
      return downloader.download(url, token, local, b.name() + " " + source.path());
    } catch (DownloadException e) {
      String why =
          switch (e.kind()) {
            case NOT_FOUND ->
                " was not found (404) at "
                    + url
                    + ": the pinned revision or path is not served"
                    + " there"
                    + (hf ? " (a mirror set with HF_ENDPOINT may lack it)" : "");
            case UNAUTHORIZED ->
                " was refused ("
                    + e.getMessage()
                    + ")"
                    + (!hf
                        ? ""
                        : token == null
                            ? ": the dataset is gated or private; set HF_TOKEN to a token of an"
                                + " account that may read it"
                            : ": HF_TOKEN is set, but its account may not have accepted the terms"
                                + " of "
                                + source.repo());
            case FAILED -> ": " + e.getMessage();
          };
      // no cause: the command line prints the innermost message, which would lose the benchmark
      throw new BenchmarkUnavailableException(
          "benchmark '" + b.name() + "': " + source.describe() + why, null);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
