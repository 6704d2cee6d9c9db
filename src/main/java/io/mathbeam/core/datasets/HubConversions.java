package io.mathbeam.core.datasets;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the rows of the Hub datasets behind named benchmarks become mathbeam's rows. Each layout is
 * the one public code reads the dataset with (docs/DATASETS.md cites the file and commit).
 */
final class HubConversions {
  private HubConversions() {}

  /**
   * MathArena's competitions ({@code problem_idx}, {@code problem}, {@code answer}, split {@code
   * train}, as its runner loads them): ids {@code <name>-<problem_idx>}, answers as text.
   */
  static HubBenchmark.RowMapping matharena(String name) {
    return (row, index, where) -> {
      Map<String, Object> out = new LinkedHashMap<>();
      Object idx = row.get("problem_idx");
      if (idx == null) {
        throw new BenchmarkFormatException(where + ": field 'problem_idx' missing");
      }
      out.put("id", name + "-" + (idx instanceof Number n ? PythonJson.numberText(n) : idx));
      out.put("problem", SourceRows.text(row, "problem", where).strip());
      out.put("answer", SourceRows.text(row, "answer", where).strip());
      out.put("problem_idx", idx);
      return out;
    };
  }

  /** GAIR/LIMO ({@code question}, {@code solution}, {@code answer}): ids {@code limo-<n>}. */
  static Map<String, Object> limo(Map<String, Object> row, long index, String where)
      throws BenchmarkFormatException {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", "limo-" + (index + 1));
    out.put("problem", SourceRows.text(row, "question", where).strip());
    out.put("answer", SourceRows.text(row, "answer", where).strip());
    out.put("solution", SourceRows.text(row, "solution", where));
    return out;
  }

  /**
   * AI-MO/aimo-validation-amc, the 83 AMC 12 2022 and 2023 problems as Numina and the open R1
   * evaluations use them ({@code id}, {@code problem}, float {@code answer}, {@code url}): ids
   * {@code amc22_23-<id>}, answers as integers ({@code 142.0} is {@code 142}).
   */
  static Map<String, Object> aimoAmc(Map<String, Object> row, long index, String where)
      throws BenchmarkFormatException {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", "amc22_23-" + SourceRows.integer(row, "id", where));
    out.put("problem", SourceRows.text(row, "problem", where).strip());
    out.put("answer", SourceRows.text(row, "answer", where));
    if (row.get("url") instanceof String url) {
      out.put("url", url);
    }
    return out;
  }
}
