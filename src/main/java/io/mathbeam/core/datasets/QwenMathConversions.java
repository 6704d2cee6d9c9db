package io.mathbeam.core.datasets;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Conversions of the {@code evaluation/data/<set>/test.jsonl} files of QwenLM/Qwen2.5-Math into
 * mathbeam's schema, with the normalisations the shared data folder's README documents for aime24,
 * amc23, minerva and olympiadbench.
 */
final class QwenMathConversions {
  static final String FILE = "test";

  // AoPS wiki links name the contest and the problem: .../2024_AIME_I_Problems/Problem_1
  private static final Pattern AIME_URL =
      Pattern.compile("/(\\d{4})_AIME_(I|II)_Problems/Problem_(\\d+)$");
  private static final Pattern AMC_URL =
      Pattern.compile("/(\\d{4})_AMC_(\\d+[AB])_Problems/Problem_(\\d+)$");

  private QwenMathConversions() {}

  /**
   * AIME 2024: ids {@code aime24-I-1} .. {@code aime24-II-15} sorted by contest and number (the
   * source sorts its url strings: 1, 10, 11, ...); answers verbatim, zero padding kept.
   */
  static void aime24(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    record Numbered(String part, long number, Map<String, Object> row) {}
    List<Numbered> rows = new ArrayList<>();
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      String url = SourceRows.text(r, "url", where);
      Matcher m = AIME_URL.matcher(url);
      if (!m.find()) {
        throw new BenchmarkFormatException(where + ": url '" + url + "' names no AIME problem");
      }
      String part = m.group(2);
      long number = Long.parseLong(m.group(3));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "aime24-" + part + "-" + number);
      row.put("problem", SourceRows.text(r, "problem", where).strip());
      row.put("answer", SourceRows.text(r, "answer", where));
      row.put("solution", SourceRows.text(r, "solution", where));
      row.put("year", Long.parseLong(m.group(1)));
      row.put("contest", "AIME " + part);
      row.put("problem_number", number);
      row.put("url", url);
      row.put("source_id", SourceRows.integer(r, "id", where));
      rows.add(new Numbered(part, number, row));
    }
    rows.sort(Comparator.comparing(Numbered::part).thenComparingLong(Numbered::number));
    for (Numbered n : rows) {
      out.row(n.row());
    }
  }

  /**
   * AMC 2023: ids {@code amc23-<source id>}; float answers as integers ({@code 27.0} -> {@code
   * 27}); year, contest and problem number from the AoPS url.
   */
  static void amc23(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      String url = SourceRows.text(r, "url", where);
      Matcher m = AMC_URL.matcher(url);
      if (!m.find()) {
        throw new BenchmarkFormatException(where + ": url '" + url + "' names no AMC problem");
      }
      long id = SourceRows.integer(r, "id", where);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "amc23-" + id);
      String statement = r.containsKey("problem") ? "problem" : "question";
      row.put("problem", SourceRows.text(r, statement, where).strip());
      row.put("answer", SourceRows.text(r, "answer", where));
      row.put("url", url);
      row.put("year", Long.parseLong(m.group(1)));
      row.put("contest", "AMC " + m.group(2));
      row.put("problem_number", Long.parseLong(m.group(3)));
      row.put("source_id", id);
      out.row(row);
    }
  }

  /**
   * Qwen's cloze sets, college_math and gaokao2023en ({@code question}, {@code answer} in {@code
   * $...$}): ids {@code <name>-<row>}, the answer without its dollar signs as Qwen's parser takes
   * it ({@code answer.replace("$", "").strip()}), the other columns kept.
   */
  static Conversion cloze(String name) {
    return (in, out) -> {
      List<Map<String, Object>> source = in.jsonLines(FILE);
      for (int i = 0; i < source.size(); i++) {
        Map<String, Object> r = source.get(i);
        String where = in.where(FILE) + " row " + (i + 1);
        String answer =
            r.get("answer") instanceof String a
                ? a.replace("$", "").strip()
                : SourceRows.text(r, "answer", where);
        if (answer.isEmpty()) {
          // no answer to grade against (gaokao2023en rows 168 and 193): not a problem of the set
          continue;
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", name + "-" + (i + 1));
        row.put("problem", SourceRows.text(r, "question", where).strip());
        row.put("answer", answer);
        for (Map.Entry<String, Object> e : r.entrySet()) {
          if (!e.getKey().equals("question") && !e.getKey().equals("answer")) {
            row.put(e.getKey(), e.getValue());
          }
        }
        out.row(row);
      }
    };
  }

  /**
   * The MATH test set, all 5,000 problems ({@code evaluation/data/math/test.jsonl}): the answer is
   * the last {@code \boxed{}} of the solution, as for Minerva (Qwen's gold rule for "math"); ids
   * {@code math-<idx>}, or the row number where a row has no {@code idx}.
   */
  static void math(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      String solution = SourceRows.text(r, "solution", where);
      String answer = boxedAnswer(solution, where);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "math-" + (r.containsKey("idx") ? SourceRows.integer(r, "idx", where) : i + 1));
      row.put("problem", SourceRows.text(r, "problem", where).strip());
      row.put("answer", answer);
      row.put("solution", solution);
      for (String kept : List.of("level", "type", "subject", "unique_id")) {
        if (r.containsKey(kept)) {
          row.put(kept, r.get(kept));
        }
      }
      out.row(row);
    }
  }

  /** The last {@code \boxed{}} of a row's solution, its gold answer; a row without one fails. */
  private static String boxedAnswer(String solution, String where) throws BenchmarkFormatException {
    String answer = lastBoxed(solution);
    if (answer == null || answer.isEmpty()) {
      throw new BenchmarkFormatException(where + ": field 'solution' has no \\boxed{} answer");
    }
    return answer;
  }

  /** Minerva: the answer is the last {@code \boxed{}} of the solution (Qwen's gold rule). */
  static void minerva(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      long idx = SourceRows.integer(r, "idx", where);
      String solution = SourceRows.text(r, "solution", where);
      String answer = boxedAnswer(solution, where);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "minerva-" + idx);
      row.put("problem", SourceRows.text(r, "problem", where).strip());
      row.put("answer", answer);
      row.put("solution", solution);
      row.put("type", SourceRows.text(r, "type", where));
      row.put("idx", idx);
      out.row(row);
    }
  }

  /**
   * OlympiadBench (OE_TO_maths_en_COMP): answer = {@code final_answer[0]} with every {@code $}
   * removed; the first reference solution in {@code solution}, all of them in {@code solutions}.
   */
  static void olympiadbench(SourceRows in, RowSink out)
      throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> source = in.jsonLines(FILE);
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> r = source.get(i);
      String where = in.where(FILE) + " row " + (i + 1);
      long id = SourceRows.integer(r, "id", where);
      List<?> finals = list(r, "final_answer", where);
      List<?> solutions = list(r, "solution", where);
      if (!(finals.get(0) instanceof String first)) {
        throw new BenchmarkFormatException(where + ": field 'final_answer' holds no text");
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "olympiadbench-" + id);
      row.put("problem", SourceRows.text(r, "question", where).strip());
      row.put("answer", first.replace("$", "").strip());
      row.put("solution", solutions.get(0));
      row.put("solutions", solutions);
      row.put("final_answer", finals);
      for (String kept :
          List.of("subfield", "answer_type", "is_multiple_answer", "unit", "error")) {
        row.put(kept, r.get(kept));
      }
      row.put("source_id", id);
      out.row(row);
    }
  }

  private static List<?> list(Map<String, Object> r, String field, String where)
      throws BenchmarkFormatException {
    if (!(r.get(field) instanceof List<?> l) || l.isEmpty()) {
      throw new BenchmarkFormatException(where + ": field '" + field + "' is not a non-empty list");
    }
    return l;
  }

  /** The brace-matched content of the last {@code \boxed{...}}, stripped; null when none. */
  static String lastBoxed(String text) {
    int start = text.lastIndexOf("\\boxed{");
    if (start < 0) {
      return null;
    }
    int depth = 0;
    int open = start + "\\boxed".length();
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        if (depth == 0) {
          return text.substring(open + 1, i).strip();
        }
      }
    }
    return null;
  }
}
