package io.mathbeam.core.datasets;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Conversions of single published files that need only a field mapping: MATH-500, GSM8K, HumanEval,
 * GPQA-Diamond and LiveCodeBench's release files.
 */
final class PublishedConversions {
  static final String FILE = "test";

  private PublishedConversions() {}

  /** MATH-500 (PRM800K's fields): {@code id} = {@code unique_id}, {@code level} an integer. */
  static void math500(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      String uniqueId = SourceRows.text(r, "unique_id", where);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", uniqueId);
      row.put("problem", SourceRows.text(r, "problem", where).strip());
      row.put("answer", SourceRows.text(r, "answer", where));
      row.put("solution", SourceRows.text(r, "solution", where));
      row.put("subject", SourceRows.text(r, "subject", where));
      row.put("level", SourceRows.integer(r, "level", where));
      row.put("unique_id", uniqueId);
      out.row(row);
    }
  }

  /**
   * Omni-MATH ({@code Omni-Math.jsonl}: {@code domain}, {@code difficulty}, {@code problem}, {@code
   * solution}, {@code answer}, {@code source}), read as NeMo-Skills' preparation reads it: ids
   * {@code omni-math-<row>}, the other columns kept.
   */
  static void omniMath(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "omni-math-" + (i + 1));
      row.put("problem", SourceRows.text(r, "problem", where).strip());
      row.put("answer", SourceRows.text(r, "answer", where).strip());
      for (Map.Entry<String, Object> e : r.entrySet()) {
        if (!e.getKey().equals("problem") && !e.getKey().equals("answer")) {
          row.put(e.getKey(), e.getValue());
        }
      }
      out.row(row);
    }
  }

  /**
   * GSM8K (question/answer columns): the answer is the number after {@code ####} with thousands
   * separators removed; the untouched original answer text is kept in {@code solution}.
   */
  static void gsm8k(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.parquet(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      String full = SourceRows.text(r, "answer", where);
      int mark = full.lastIndexOf("####");
      String answer = mark < 0 ? "" : full.substring(mark + 4).strip().replace(",", "");
      if (answer.isEmpty()) {
        throw new BenchmarkFormatException(where + ": field 'answer' has no '#### n' line");
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "gsm8k-" + i);
      row.put("problem", SourceRows.text(r, "question", where).strip());
      row.put("answer", answer);
      row.put("solution", full);
      out.row(row);
    }
  }

  /** HumanEval: {@code task_id} becomes {@code id}; the other fields are kept. */
  static void humaneval(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.gzipJsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", SourceRows.text(r, "task_id", where));
      for (String field : List.of("prompt", "entry_point", "test", "canonical_solution")) {
        row.put(field, SourceRows.text(r, field, where));
      }
      out.row(row);
    }
  }

  /** The GPQA columns mathbeam reads a multiple-choice row from, and the two domain labels. */
  static final List<String> GPQA_COLUMNS =
      List.of(
          "Record ID",
          "Question",
          "Correct Answer",
          "Incorrect Answer 1",
          "Incorrect Answer 2",
          "Incorrect Answer 3",
          "High-level domain",
          "Subdomain");

  /**
   * GPQA-Diamond ({@code gpqa_diamond.csv}): the columns mathbeam reads as a multiple-choice row
   * (the question, the correct and three incorrect answers, the record id), the rest (annotator
   * notes) dropped; {@code id} = {@code Record ID}.
   */
  static void gpqaDiamond(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, String>> source = in.csv(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, String> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", SourceRows.text(r, "Record ID", where).strip());
      for (String column : GPQA_COLUMNS) {
        if (column.startsWith("Question")
            || column.contains("Answer")
            || column.equals("Record ID")) {
          row.put(column, SourceRows.text(r, column, where));
        } else if (r.containsKey(column)) {
          row.put(column, r.get(column));
        }
      }
      out.row(row);
    }
  }

  /**
   * LiveCodeBench's code_generation_lite release: the rows of {@code files}, in order, unchanged
   * (mathbeam reads the release format itself); each must be an object with a {@code question_id}.
   */
  static Conversion liveCodeBench(List<String> files) {
    return (in, out) -> {
      for (String file : files) {
        in.forEachJsonLine(
            file,
            (row, line) -> {
              if (!(row.get("question_id") instanceof String id) || id.isEmpty()) {
                throw new BenchmarkFormatException(
                    in.where(file) + ": a row without a question_id: " + abbreviate(line));
              }
              out.jsonLine(line);
            });
      }
    };
  }

  private static String abbreviate(String line) {
    return line.length() <= 120 ? line : line.substring(0, 120) + "...";
  }
}
