package io.mathbeam.core.datasets;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A named benchmark published as a Hugging Face Hub dataset ({@code aime26} is MathArena's {@code
 * MathArena/aime_2026}): its files found as for {@code hf:ID} ({@link HubDatasets}), at the commit
 * the revision resolves to on the first fetch, its rows converted into mathbeam's schema and pinned
 * by that fetch.
 *
 * @param name what {@code --benchmarks} calls it
 * @param description one line for {@code datasets list}
 * @param id the dataset, config, split and revision
 * @param rows the rows expected, or 0 where not known
 * @param mapping one published row as mathbeam's row (its 0-based index given)
 */
public record HubBenchmark(
    String name, String description, HubDatasetId id, int rows, RowMapping mapping) {

  /** One published row as mathbeam's row. */
  @FunctionalInterface
  public interface RowMapping {
    Map<String, Object> map(Map<String, Object> row, long index, String where)
        throws BenchmarkFormatException;
  }

  /** The benchmark as listed before any fetch: its files are not known until it is resolved. */
  public Benchmark placeholder() {
    return benchmark(
        List.of(
            SourceFile.huggingFace(
                "hub", id.repo(), id.revisionOrMain(), "(the dataset's files, found on fetch)")),
        false);
  }

  /** The benchmark with its files at the commit the Hub resolves the revision to now. */
  public Benchmark resolve(HubDatasets hub)
      throws BenchmarkUnavailableException, InterruptedException {
    Benchmark resolved = hub.resolve(id);
    return benchmark(resolved.files(), resolved.gated());
  }

  private Benchmark benchmark(List<SourceFile> files, boolean gated) {
    return new Benchmark(name, description, files, rows, null, false, gated, this::convert);
  }

  private void convert(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    HubRows.convert(in, out, mapping);
  }
}
