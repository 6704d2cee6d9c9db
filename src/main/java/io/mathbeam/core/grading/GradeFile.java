package io.mathbeam.core.grading;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.GradeStatus;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Grades a JSONL file: the engine of {@code bin/mathbeam grade}.
 *
 * <p>Each input line is an object with {@code gold} (a string or a list of strings), {@code pred}
 * (a whole response, or a bare answer when {@code pred_is_extracted_answer} is true) and optionally
 * {@code expected} (boolean), and the dataset's {@code problem} and {@code is_multiple_answer},
 * which say whether a gold like {@code 3,5} is a list ({@link ListGolds}). Each output line repeats
 * the input fields and adds {@code verdict} (boolean), {@code status} (lower-case {@link
 * GradeStatus} name), {@code extracted}, {@code micros} and {@code grader_version} ({@link
 * Grader#VERSION}). Blank lines are skipped; any other bad line stops the run with a {@link
 * GradeFileException}.
 */
public final class GradeFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GradeFile() {}

  /**
   * What a run did.
   *
   * @param graded lines graded
   * @param withExpected lines that carried {@code expected}
   * @param agreements of those, lines whose verdict equals {@code expected}
   * @param statuses count per status
   * @param seconds wall time of the run
   * @param graderVersion {@link Grader#VERSION} of the grader that graded the lines
   */
  public record Summary(
      long graded,
      long withExpected,
      long agreements,
      Map<GradeStatus, Long> statuses,
      double seconds,
      String graderVersion) {
    public Summary {
      statuses = Map.copyOf(statuses);
    }

    /** A summary stamped with the current {@link Grader#VERSION}. */
    public Summary(
        long graded,
        long withExpected,
        long agreements,
        Map<GradeStatus, Long> statuses,
        double seconds) {
      this(graded, withExpected, agreements, statuses, seconds, Grader.VERSION);
    }

    /** Agreements over lines with {@code expected}; NaN when no line had one. */
    public double agreementFraction() {
      return withExpected == 0 ? Double.NaN : (double) agreements / withExpected;
    }

    public double casesPerSecond() {
      return seconds <= 0 ? Double.NaN : graded / seconds;
    }

    /** A few human-readable lines. */
    public String format() {
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "graded %d in %.2f s (%.0f cases/s) with %s%n",
              graded,
              seconds,
              casesPerSecond(),
              graderVersion));
      appendStatuses(out, statuses, withExpected, agreements);
      return out.toString();
    }
  }

  /** The count per status and the agreement with {@code expected}, as both reports print them. */
  static void appendStatuses(
      StringBuilder out, Map<GradeStatus, Long> statuses, long withExpected, long agreements) {
    for (GradeStatus status : GradeStatus.values()) {
      long n = statuses.getOrDefault(status, 0L);
      if (n > 0) {
        out.append(String.format(Locale.ROOT, "  %-14s %d%n", status.wireName(), n));
      }
    }
    if (withExpected > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "agreement with expected: %d/%d (%.1f%%)%n",
              agreements,
              withExpected,
              100.0 * agreements / withExpected));
    }
  }

  /** Grades every line of {@code input} and writes the graded lines to {@code output}. */
  public static Summary run(Path input, Path output, Grader grader) throws IOException {
    long start = System.nanoTime();
    long graded = 0;
    long withExpected = 0;
    long agreements = 0;
    Map<GradeStatus, Long> statuses = new EnumMap<>(GradeStatus.class);
    try (BufferedReader reader = Files.newBufferedReader(input, StandardCharsets.UTF_8);
        BufferedWriter writer = Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
      String text;
      long line = 0;
      while ((text = reader.readLine()) != null) {
        line++;
        if (line == 1 && text.startsWith("\uFEFF")) {
          text = text.substring(1);
        }
        if (text.isBlank()) {
          continue;
        }
        ObjectNode row = parseRow(input, line, text);
        GradeCase gradeCase = gradeCase(input, line, row);
        Boolean expected = gradeCase.expected();
        GradeResult result = gradeCase.gradeWith(grader);
        boolean verdict = result.correct();
        row.put("verdict", verdict);
        row.put("status", result.status().wireName());
        row.put("extracted", result.extractedAnswer());
        row.put("micros", result.micros());
        row.put("grader_version", Grader.VERSION);
        writer.write(JSON.writeValueAsString(row));
        writer.newLine();
        graded++;
        statuses.merge(result.status(), 1L, Long::sum);
        if (expected != null) {
          withExpected++;
          if (expected == verdict) {
            agreements++;
          }
        }
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    return new Summary(graded, withExpected, agreements, statuses, seconds, Grader.VERSION);
  }

  /**
   * One input line.
   *
   * @param golds gold answers
   * @param pred the response, or the bare answer when {@code extracted}
   * @param extracted whether {@code pred} is an already extracted answer
   * @param expected the verdict the line expects, or null
   */
  record GradeCase(
      List<String> golds, String pred, boolean extracted, Boolean expected, String category) {
    GradeResult gradeWith(Grader grader) {
      return gradeWith(grader, grader.newBudget());
    }

    /** Grades with {@code budget}, which then tells the work the grade took. */
    GradeResult gradeWith(Grader grader, WorkBudget budget) {
      return extracted
          ? grader.gradeAnswer(pred, golds, budget)
          : grader.grade(pred, golds, budget);
    }
  }

  /** Reads every line of {@code input} (the format of {@link #run}). */
  static List<GradeCase> readCases(Path input) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(input, StandardCharsets.UTF_8)) {
      return readCases(input, reader);
    }
  }

  /** Reads every line of {@code reader}; {@code input} names it in error messages. */
  static List<GradeCase> readCases(Path input, BufferedReader reader) throws IOException {
    List<GradeCase> cases = new ArrayList<>();
    String text;
    long line = 0;
    while ((text = reader.readLine()) != null) {
      line++;
      if (line == 1 && text.startsWith("\uFEFF")) {
        text = text.substring(1);
      }
      if (!text.isBlank()) {
        cases.add(gradeCase(input, line, parseRow(input, line, text)));
      }
    }
    return cases;
  }

  private static GradeCase gradeCase(Path input, long line, ObjectNode row) {
    // a line may carry its dataset's declaration that the gold is several values, as a row does
    List<String> golds =
        ListGolds.declared(
            golds(input, line, row.get("gold")),
            row.hasNonNull("problem") ? row.get("problem").asText() : null,
            row.hasNonNull("is_multiple_answer")
                ? optionalBoolean(input, line, row, "is_multiple_answer", false)
                : null);
    String pred = string(input, line, row, "pred");
    boolean extracted = optionalBoolean(input, line, row, "pred_is_extracted_answer", false);
    Boolean expected =
        row.hasNonNull("expected") ? optionalBoolean(input, line, row, "expected", false) : null;
    String category = row.hasNonNull("category") ? row.get("category").asText() : null;
    return new GradeCase(golds, pred, extracted, expected, category);
  }

  private static ObjectNode parseRow(Path file, long line, String text) {
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new GradeFileException(file, line, null, "invalid JSON: " + e.getOriginalMessage());
    }
    if (!(node instanceof ObjectNode object)) {
      throw new GradeFileException(file, line, null, "not a JSON object");
    }
    return object;
  }

  private static List<String> golds(Path file, long line, JsonNode gold) {
    if (gold == null || gold.isNull()) {
      throw new GradeFileException(file, line, "gold", "missing");
    }
    if (gold.isTextual() || gold.isNumber()) {
      return List.of(gold.asText());
    }
    if (gold.isArray() && gold.size() > 0) {
      List<String> golds = new ArrayList<>();
      for (JsonNode g : gold) {
        if (!(g.isTextual() || g.isNumber())) {
          throw new GradeFileException(file, line, "gold", "list items must be strings");
        }
        golds.add(g.asText());
      }
      return golds;
    }
    throw new GradeFileException(
        file, line, "gold", "must be a string or a non-empty list of strings");
  }

  private static String string(Path file, long line, ObjectNode row, String field) {
    JsonNode value = row.get(field);
    if (value == null || value.isNull()) {
      throw new GradeFileException(file, line, field, "missing");
    }
    if (!(value.isTextual() || value.isNumber())) {
      throw new GradeFileException(file, line, field, "must be a string");
    }
    return value.asText();
  }

  private static boolean optionalBoolean(
      Path file, long line, ObjectNode row, String field, boolean fallback) {
    JsonNode value = row.get(field);
    if (value == null || value.isNull()) {
      return fallback;
    }
    if (!value.isBoolean()) {
      throw new GradeFileException(file, line, field, "must be true or false");
    }
    return value.booleanValue();
  }
}
