package io.mathbeam.core.problems;

import java.util.Locale;

/** Input file formats, chosen by file extension. */
public enum ProblemFormat {
  JSONL,
  CSV,
  PARQUET;

  public static ProblemFormat of(String path) {
    String name = path.toLowerCase(Locale.ROOT);
    if (name.endsWith(".jsonl") || name.endsWith(".json") || name.endsWith(".ndjson")) {
      return JSONL;
    }
    if (name.endsWith(".csv")) {
      return CSV;
    }
    if (name.endsWith(".parquet")) {
      return PARQUET;
    }
    throw new IllegalArgumentException(
        "cannot tell the format of '" + path + "': use a .jsonl, .json, .csv or .parquet file");
  }
}
