package io.mathbeam.core.datasets;

import java.util.List;

/**
 * A built-in benchmark: the published files it is built from, how they become mathbeam's rows, and
 * the sha256 those rows must have.
 *
 * @param name what {@code --benchmarks} calls it
 * @param description one line for {@code datasets list}
 * @param files the published files, each at a pinned revision
 * @param rows the number of converted rows, or 0 where not known before the first fetch
 * @param sha256 the sha256 of the converted JSON Lines file, or null where no copy was at hand to
 *     compute it: such a set is pinned on its first fetch (see {@link BenchmarkCache})
 * @param code whether it is a code benchmark, kept in the cache's {@code code/} folder as in a data
 *     directory
 * @param gated whether its host requires the user's Hugging Face token
 * @param conversion turns the downloaded files into rows
 */
public record Benchmark(
    String name,
    String description,
    List<SourceFile> files,
    int rows,
    String sha256,
    boolean code,
    boolean gated,
    Conversion conversion) {

  public Benchmark {
    files = List.copyOf(files);
    if (files.isEmpty()) {
      throw new IllegalArgumentException(name + ": a benchmark needs at least one source file");
    }
  }

  /** The converted file's path inside a data directory or the cache. */
  public String relativePath() {
    return (code ? "code/" : "") + stem() + ".jsonl";
  }

  /**
   * The name the cache's files spell it with: the name itself, or for a Hub dataset ({@code
   * hf:OWNER/NAME...}) {@link HubDatasetId#cacheName()}.
   */
  public String stem() {
    return HubDatasetId.isHub(name) ? HubDatasetId.parse(name).cacheName() : name;
  }

  public boolean pinned() {
    return sha256 != null;
  }

  /** The source files in short, for listings: the first one, and how many more. */
  public String sourceSummary() {
    SourceFile first = files.get(0);
    String repo = (first.host() == SourceFile.Host.HUGGING_FACE ? "hf:" : "github:") + first.repo();
    return repo
        + " @ "
        + first.revision().substring(0, Math.min(7, first.revision().length()))
        + (files.size() > 1 ? " (+" + (files.size() - 1) + " files)" : "");
  }
}
