package io.mathbeam.pipelines.datasets;

import io.mathbeam.core.datasets.Benchmark;
import io.mathbeam.core.datasets.BenchmarkCache;
import io.mathbeam.core.datasets.Benchmarks;
import io.mathbeam.core.datasets.CacheRecord;
import io.mathbeam.core.datasets.ChecksumMismatchException;
import io.mathbeam.core.datasets.HubDatasetId;
import io.mathbeam.core.datasets.Sha256;
import io.mathbeam.pipelines.cli.Command;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code mathbeam datasets list} and {@code mathbeam datasets fetch NAME...}: the published
 * benchmarks mathbeam knows, and prefetching them into the cache (for air-gapped clusters: fetch
 * once, copy the directory).
 */
public final class DatasetsCommand implements Command {
  static final String USAGE =
      String.join(
          "\n",
          "usage: mathbeam datasets list [--dataDir=DIR]",
          "       mathbeam datasets fetch NAME... [--dataDir=DIR] [--accept-hash=SHA256]",
          "",
          "  NAME: a published benchmark, or a Hugging Face Hub dataset by id:",
          "  hf:OWNER/NAME[/CONFIG][#SPLIT][@REVISION] (docs/DATASETS.md, \"Any Hub dataset\")",
          "",
          "  list   every published benchmark: rows, whether cached, its pin and source",
          "  fetch  download, convert and check the named benchmarks ('all' for every one",
          "         but the gated and the LiveCodeBench sets) into the cache",
          "",
          "  --dataDir=DIR        the cache (default $MATHBEAM_DATA, else",
          "                       ~/.cache/mathbeam/datasets); eval --dataDir=DIR reads it",
          "  --accept-hash=SHA    accept converted rows with this sha256 instead of the pinned",
          "                       one (a source that changed on purpose); one NAME only",
          "",
          "Environment: HF_TOKEN (gated sets), HF_ENDPOINT (a Hugging Face mirror),",
          "MATHBEAM_GITHUB_RAW (a mirror of raw.githubusercontent.com).");

  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> env;

  public DatasetsCommand(PrintStream out, PrintStream err, Map<String, String> env) {
    this.out = out;
    this.err = err;
    this.env = env;
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told and reads the process's environment.
   */
  public DatasetsCommand() {
    this(System.out, System.err, System.getenv());
  }

  @Override
  public String name() {
    return "datasets";
  }

  @Override
  public String summary() {
    return "list the published benchmarks, fetch them into the cache (pinned, checked)";
  }

  /** {@code --help} is handled by {@link #run(String[])}, among the other options. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    return new DatasetsCommand(out, err, System.getenv()).run(args);
  }

  public int run(String[] args) throws Exception {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      out.println(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    Path dir = null;
    String acceptHash = null;
    List<String> names = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith("--dataDir=")) {
        dir = Paths.get(arg.substring("--dataDir=".length()));
      } else if (arg.startsWith("--accept-hash=")) {
        acceptHash = arg.substring("--accept-hash=".length()).strip();
      } else if (arg.equals("--help")) {
        out.println(USAGE);
        return 0;
      } else if (arg.startsWith("--")) {
        throw new IllegalArgumentException("datasets: unknown option " + arg + "\n\n" + USAGE);
      } else {
        names.add(arg);
      }
    }
    BenchmarkCache cache = PublishedBenchmarks.cache(dir, env, err);
    switch (args[0]) {
      case "list" -> {
        list(cache);
        return 0;
      }
      case "fetch" -> {
        return fetch(cache, names, acceptHash);
      }
      default ->
          throw new IllegalArgumentException(
              "datasets: unknown subcommand '" + args[0] + "'\n\n" + USAGE);
    }
  }

  private void list(BenchmarkCache cache) {
    out.println("cache: " + cache.root());
    out.printf(
        Locale.ROOT, "%-18s %6s  %-10s  %-11s  %s%n", "name", "rows", "cached", "pin", "source");
    List<Benchmark> listed = new ArrayList<>(Benchmarks.all());
    Benchmarks.hub().forEach(h -> listed.add(h.placeholder()));
    for (Benchmark b : listed) {
      BenchmarkCache.State state = cache.state(b);
      Optional<CacheRecord> record = cache.record(b);
      String rows =
          record.isPresent() && state != BenchmarkCache.State.ABSENT
              ? String.valueOf(record.get().rows())
              : b.rows() > 0 ? String.valueOf(b.rows()) : "?";
      String cached =
          switch (state) {
            case ABSENT -> "no";
            case CACHED -> "yes";
            case OTHER_PIN -> "stale";
            case FILE -> fileState(cache, b);
          };
      String pin =
          b.pinned()
              ? "sha256 " + b.sha256().substring(0, 4)
              : record.map(r -> "first " + r.sha256().substring(0, 5)).orElse("on fetch");
      out.printf(
          Locale.ROOT,
          "%-18s %6s  %-10s  %-11s  %s%s%n",
          b.name(),
          rows,
          cached,
          pin,
          b.sourceSummary(),
          b.gated() ? "  [gated: HF_TOKEN]" : "");
    }
  }

  /**
   * A file without a cache record, which eval reads as it is: {@code file} when it holds the rows
   * the registry pins (or the set is pinned on first fetch), {@code file,other} when it does not.
   */
  private static String fileState(BenchmarkCache cache, Benchmark b) {
    if (!b.pinned()) {
      return "file";
    }
    try {
      return b.sha256().equals(Sha256.of(cache.fileOf(b))) ? "file" : "file,other";
    } catch (IOException e) {
      return "file,other";
    }
  }

  private int fetch(BenchmarkCache cache, List<String> names, String acceptHash) throws Exception {
    if (names.isEmpty()) {
      throw new IllegalArgumentException(
          "datasets fetch: name the benchmarks to fetch\n\n" + USAGE);
    }
    // names, checked before any download; a Hub dataset is resolved (its commit and files) when
    // its turn comes
    List<String> chosen = new ArrayList<>();
    for (String name : names) {
      if (name.equals("all")) {
        Benchmarks.all().stream()
            .filter(Benchmark::pinned)
            .map(Benchmark::name)
            .forEach(chosen::add);
        continue;
      }
      if (HubDatasetId.isHub(name)) {
        HubDatasetId.parse(name);
      } else if (Benchmarks.byName(name).isEmpty() && Benchmarks.hubByName(name).isEmpty()) {
        throw new IllegalArgumentException(
            "datasets fetch: no published benchmark named '"
                + name
                + "' (known: "
                + String.join(", ", Benchmarks.names())
                + "; a Hugging Face Hub dataset: hf:OWNER/NAME[/CONFIG][#SPLIT][@REVISION])");
      }
      chosen.add(name);
    }
    if (acceptHash != null && chosen.size() != 1) {
      throw new IllegalArgumentException(
          "datasets fetch: --accept-hash names the hash of one benchmark; name exactly one");
    }
    int failed = 0;
    for (String name : chosen) {
      try {
        Benchmark b =
            HubDatasetId.isHub(name)
                ? cache.hub().resolve(HubDatasetId.parse(name))
                : Benchmarks.byName(name).isPresent()
                    ? Benchmarks.byName(name).get()
                    : Benchmarks.hubByName(name).orElseThrow().resolve(cache.hub());
        CacheRecord record = cache.fetch(b, acceptHash);
        out.printf(
            Locale.ROOT,
            "%s: %d rows, sha256 %s (%s) in %s%n",
            b.name(),
            record.rows(),
            record.sha256(),
            record.pinnedBy(),
            cache.fileOf(b));
      } catch (ChecksumMismatchException
          | io.mathbeam.core.datasets.BenchmarkUnavailableException e) {
        err.println("mathbeam: " + e.getMessage());
        failed++;
      }
    }
    return failed == 0 ? 0 : 1;
  }
}
