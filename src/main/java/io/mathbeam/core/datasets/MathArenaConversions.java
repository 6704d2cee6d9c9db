package io.mathbeam.core.datasets;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Conversions of MathArena's competition folders (eth-sri/matharena {@code data/<contest>/}: {@code
 * problems/<n>.tex} and {@code answers.csv} with columns {@code id,answer}) into mathbeam's schema:
 * the problem is the {@code .tex} text, the answer comes verbatim from the CSV.
 */
final class MathArenaConversions {
  static final String NEMO_AIME25 = "nemo";

  private MathArenaConversions() {}

  static String answersKey(String part) {
    return part + "/answers";
  }

  static String problemKey(String part, int number) {
    return part + "/" + number;
  }

  /**
   * AIME 2025 I and II: {@code aime25-I-1} .. {@code aime25-II-15}. {@code solution} is
   * NeMo-Skills' AoPS {@code reference_solution} of the same position, attached only where NeMo's
   * answer equals MathArena's (as integers); an empty one is left out.
   */
  static void aime25(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    List<Map<String, Object>> nemo = in.jsonLines(NEMO_AIME25);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String part : List.of("I", "II")) {
      for (Map<String, Object> contest : contest(in, part, 15)) {
        Map<String, Object> row = new LinkedHashMap<>();
        long number = (Long) contest.get("problem_number");
        row.put("id", "aime25-" + part + "-" + number);
        row.put("problem", contest.get("problem"));
        row.put("answer", contest.get("answer"));
        row.put("year", 2025L);
        row.put("contest", "AIME " + part);
        row.put("problem_number", number);
        rows.add(row);
      }
    }
    if (nemo.size() != rows.size()) {
      throw new BenchmarkFormatException(
          in.where(NEMO_AIME25) + ": " + nemo.size() + " rows, MathArena has " + rows.size());
    }
    for (int i = 0; i < rows.size(); i++) {
      Map<String, Object> row = rows.get(i);
      String where = in.where(NEMO_AIME25) + " row " + (i + 1);
      String expected = SourceRows.text(nemo.get(i), "expected_answer", where);
      if (!sameInteger(expected, (String) row.get("answer"))) {
        throw new BenchmarkFormatException(
            where + ": expected_answer " + expected + " is not MathArena's " + row.get("answer"));
      }
      Object solution = nemo.get(i).get("reference_solution");
      Map<String, Object> ordered = new LinkedHashMap<>();
      ordered.put("id", row.get("id"));
      ordered.put("problem", row.get("problem"));
      ordered.put("answer", row.get("answer"));
      if (solution instanceof String s && !s.isBlank()) {
        ordered.put("solution", s);
      }
      ordered.put("year", row.get("year"));
      ordered.put("contest", row.get("contest"));
      ordered.put("problem_number", row.get("problem_number"));
      out.row(ordered);
    }
  }

  /** HMMT February 2025: {@code hmmt_feb25-1} .. {@code hmmt_feb25-30}; LaTeX answers verbatim. */
  static void hmmtFeb25(SourceRows in, RowSink out) throws IOException, BenchmarkFormatException {
    for (Map<String, Object> contest : contest(in, "hmmt_feb_2025", 30)) {
      long number = (Long) contest.get("problem_number");
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", "hmmt_feb25-" + number);
      row.put("problem", contest.get("problem"));
      row.put("answer", contest.get("answer"));
      row.put("year", 2025L);
      row.put("contest", "HMMT February 2025");
      row.put("problem_number", number);
      out.row(row);
    }
  }

  /** Problems 1..count of one contest folder, with their answers, in order. */
  private static List<Map<String, Object>> contest(SourceRows in, String part, int count)
      throws IOException, BenchmarkFormatException {
    String answersKey = answersKey(part);
    Map<Long, String> answers = new LinkedHashMap<>();
    List<Map<String, String>> csv = in.csv(answersKey);
    for (int i = 0; i < csv.size(); i++) {
      String where = in.where(answersKey) + " row " + (i + 1);
      long id = SourceRows.integer(csv.get(i), "id", where);
      String answer = SourceRows.text(csv.get(i), "answer", where).strip();
      if (answers.put(id, answer) != null) {
        throw new BenchmarkFormatException(where + ": problem " + id + " answered twice");
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (int n = 1; n <= count; n++) {
      String answer = answers.get((long) n);
      if (answer == null) {
        throw new BenchmarkFormatException(in.where(answersKey) + ": no answer for problem " + n);
      }
      String problem = in.text(problemKey(part, n)).strip();
      if (problem.isEmpty()) {
        throw new BenchmarkFormatException(in.where(problemKey(part, n)) + ": empty");
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("problem_number", (long) n);
      row.put("problem", problem);
      row.put("answer", answer);
      out.add(row);
    }
    if (answers.size() != count) {
      throw new BenchmarkFormatException(
          in.where(answersKey) + ": " + answers.size() + " answers, expected " + count);
    }
    return out;
  }

  private static boolean sameInteger(String a, String b) {
    try {
      return new BigInteger(a.strip()).equals(new BigInteger(b.strip()));
    } catch (NumberFormatException e) {
      return a.strip().equals(b.strip());
    }
  }
}
