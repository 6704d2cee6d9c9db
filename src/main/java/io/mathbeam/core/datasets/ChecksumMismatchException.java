package io.mathbeam.core.datasets;

/**
 * The converted rows of a benchmark do not have the pinned sha256: the published source changed (or
 * a mirror serves other data). Nothing is evaluated on them.
 */
public final class ChecksumMismatchException extends Exception {
  private final String expected;
  private final String actual;

  public ChecksumMismatchException(
      Benchmark benchmark, String expected, String actual, String pinnedBy) {
    super(
        "benchmark '"
            + benchmark.name()
            + "': the converted rows have sha256 "
            + actual
            + ", but "
            + expected
            + " is pinned ("
            + pinnedBy
            + "). The source ("
            + benchmark.files().get(0).describe()
            + (benchmark.files().size() > 1
                ? " and " + (benchmark.files().size() - 1) + " more"
                : "")
            + ") now serves other data, so results would not be comparable with runs on the"
            + " pinned rows. Nothing was cached. If the new data is what you want, accept it"
            + " explicitly: mathbeam datasets fetch "
            + benchmark.name()
            + " --accept-hash="
            + actual);
    this.expected = expected;
    this.actual = actual;
  }

  public String expected() {
    return expected;
  }

  public String actual() {
    return actual;
  }
}
