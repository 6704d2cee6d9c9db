package io.mathbeam.pipelines.datasets;

import io.mathbeam.core.datasets.BenchmarkCache;
import io.mathbeam.core.datasets.Downloader;
import io.mathbeam.core.datasets.RegistryLocator;
import io.mathbeam.core.datasets.SourceLocations;
import io.mathbeam.transforms.ParquetRowFiles;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/** The benchmark cache as the command line sets it up: from the environment, Parquet-capable. */
public final class PublishedBenchmarks {
  private PublishedBenchmarks() {}

  /**
   * @param root the cache directory, or null for {@code $MATHBEAM_DATA} / {@code
   *     ~/.cache/mathbeam/datasets}
   * @param messages progress lines and notes (stderr)
   */
  static BenchmarkCache cache(Path root, Map<String, String> env, PrintStream messages) {
    return new BenchmarkCache(
        root != null ? root : BenchmarkCache.defaultRoot(env),
        SourceLocations.fromEnvironment(env),
        Downloader.standard(messages),
        new ParquetRowFiles(),
        messages);
  }

  public static RegistryLocator locator(boolean offline, PrintStream messages) {
    return new RegistryLocator(cache(null, System.getenv(), messages), offline);
  }
}
