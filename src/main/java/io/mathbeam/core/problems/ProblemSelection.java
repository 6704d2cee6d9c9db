package io.mathbeam.core.problems;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Resolves the user's {@code --problems} and {@code --benchmarks} flags into input files.
 *
 * <p>{@code --benchmarks=aime24:64,math500:4} names {@code <dataDir>/<name>.jsonl} files, or {@code
 * <dataDir>/code/<name>.jsonl} for code benchmarks such as {@code humaneval} (or {@code .csv},
 * {@code .parquet}) with an optional per-benchmark K; a name that is a built-in set resolves
 * without a data directory, and a name no data directory holds is looked up in the registry of
 * published benchmarks ({@link BenchmarkLocator}), which fetches it into its cache. {@code
 * --problems=a.jsonl,b.csv} takes any files; each file's base name is its dataset id.
 */
public final class ProblemSelection {
  private ProblemSelection() {}

  public static List<ProblemSource> resolve(
      String problems, String benchmarks, String dataDir, int defaultSamples) {
    return resolve(
        problems, benchmarks, dataDir, defaultSamples, path -> Files.isRegularFile(Path.of(path)));
  }

  /**
   * As {@link #resolve(String, String, String, int)}, with the data directory on any file system:
   * {@code isFile} says whether a path there names a file (a {@code s3://} URI, say).
   */
  public static List<ProblemSource> resolve(
      String problems,
      String benchmarks,
      String dataDir,
      int defaultSamples,
      Predicate<String> isFile) {
    return resolve(problems, benchmarks, dataDir, defaultSamples, isFile, BenchmarkLocator.NONE);
  }

  /**
   * As {@link #resolve(String, String, String, int, Predicate)}; a benchmark that neither the data
   * directory nor the built-in sets hold is asked of {@code registry}.
   */
  public static List<ProblemSource> resolve(
      String problems,
      String benchmarks,
      String dataDir,
      int defaultSamples,
      Predicate<String> isFile,
      BenchmarkLocator registry) {
    List<ProblemSource> out = new ArrayList<>();
    for (String path : split(problems)) {
      out.add(new ProblemSource(path, datasetIdOf(path), defaultSamples, ProblemFormat.of(path)));
    }
    for (String item : split(benchmarks)) {
      out.add(benchmark(item, dataDir, defaultSamples, isFile, registry));
    }
    return out;
  }

  private static ProblemSource benchmark(
      String item,
      String dataDir,
      int defaultSamples,
      Predicate<String> isFile,
      BenchmarkLocator registry) {
    String name = item;
    int samples = defaultSamples;
    int colon = item.lastIndexOf(':');
    boolean hub = item.startsWith(BenchmarkLocator.HUB_PREFIX);
    if (colon >= 0 && !(hub && colon < BenchmarkLocator.HUB_PREFIX.length())) {
      name = item.substring(0, colon).trim();
      String k = item.substring(colon + 1).trim();
      try {
        samples = Integer.parseInt(k);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--benchmarks: '" + item + "' should be name or name:K with K a positive integer");
      }
    }
    if (hub) {
      // a Hub dataset: a data directory holding its fetched file (an air-gapped copy of a cache),
      // else the cache, which fetches it on first use and pins its rows then
      String id = registry.datasetId(name);
      if (dataDir != null && !dataDir.isBlank()) {
        String file = join(dataDir.replaceAll("(.)/+$", "$1"), registry.fileStem(name) + ".jsonl");
        if (isFile.test(file)) {
          registry.check(name, file);
          return new ProblemSource(file, id, samples, ProblemFormat.of(file));
        }
      }
      Optional<String> located = registry.locate(name);
      if (located.isEmpty()) {
        throw new IllegalArgumentException(
            "--benchmarks=" + name + ": Hub datasets are read through the dataset registry");
      }
      String file = located.get();
      return new ProblemSource(file, id, samples, ProblemFormat.of(file));
    }
    boolean noDataDir = dataDir == null || dataDir.isBlank();
    String root = noDataDir ? null : dataDir.replaceAll("(.)/+$", "$1");
    if (!noDataDir) {
      // code benchmarks (humaneval) sit in a code/ subfolder, apart from the math files
      for (String dir : List.of(root, join(root, CODE_FOLDER))) {
        for (String extension : List.of(".jsonl", ".csv", ".parquet")) {
          String file = join(dir, name + extension);
          if (isFile.test(file)) {
            registry.check(name, file);
            return new ProblemSource(file, name, samples, ProblemFormat.of(file));
          }
        }
      }
    }
    if (BuiltinProblems.exists(name)) {
      return BuiltinProblems.source(name, samples);
    }
    Optional<String> published = registry.locate(name);
    if (published.isPresent()) {
      return new ProblemSource(published.get(), name, samples, ProblemFormat.of(published.get()));
    }
    if (noDataDir) {
      throw new IllegalArgumentException(
          "--benchmarks="
              + name
              + " is not a benchmark mathbeam knows ('mathbeam datasets list' shows them);"
              + " for your own file pass --dataDir=DIR holding "
              + name
              + ".jsonl, or --problems=FILE (built-in sets: "
              + BuiltinProblems.names()
              + ")");
    }
    throw new IllegalArgumentException(
        "benchmark '"
            + name
            + "' not found: no "
            + join(root, name + ".jsonl")
            + " (nor .csv, .parquet)"
            + (root.contains("://") ? "" : available(Paths.get(root)))
            + (name.equals(GPQA_DIAMOND) ? GPQA_HINT : ""));
  }

  /** The data directory's subfolder of code benchmarks. */
  public static final String CODE_FOLDER = "code";

  /** The GPQA-Diamond set: gated, so it never ships; users who have it put it in the data dir. */
  public static final String GPQA_DIAMOND = "gpqa_diamond";

  private static final String GPQA_HINT =
      ". GPQA-Diamond is gated and not shipped: accept its terms on Hugging Face"
          + " (Idavidrein/gpqa), then save gpqa_diamond.csv (or the same rows as"
          + " gpqa_diamond.jsonl) with its Question, Correct Answer and Incorrect Answer 1-3"
          + " columns in the data directory";

  private static String available(Path dir) {
    if (!Files.isDirectory(dir)) {
      return " (the data directory does not exist)";
    }
    TreeSet<String> names = new TreeSet<>(BuiltinProblems.names());
    try (Stream<Path> files = Files.list(dir)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jsonl") || n.endsWith(".csv") || n.endsWith(".parquet"))
          .forEach(n -> names.add(n.substring(0, n.lastIndexOf('.'))));
    } catch (java.io.IOException e) {
      return "";
    }
    return " (available: " + String.join(", ", names) + ")";
  }

  private static String join(String dir, String name) {
    return dir.endsWith("/") ? dir + name : dir + "/" + name;
  }

  static String datasetIdOf(String path) {
    String name = path;
    int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf(File.separatorChar));
    name = name.substring(slash + 1);
    int dot = name.indexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  private static List<String> split(String csv) {
    if (csv == null || csv.isBlank()) {
      return List.of();
    }
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
