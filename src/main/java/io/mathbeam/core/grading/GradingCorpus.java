package io.mathbeam.core.grading;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The grader's own case corpus, shipped in the jar ({@code corpus/} beside this class, described in
 * its README.md): answer-equivalence cases in ten categories, each tagged with where its form was
 * seen. {@code bench-grade} reports agreement per category over it, and the build fails when a
 * category falls below its floor ({@code GradingCorpusTest}).
 */
public final class GradingCorpus {
  /** The categories, one file each, in the order reports list them. */
  public static final List<String> CATEGORIES =
      List.of(
          "extraction",
          "numbers",
          "labelled",
          "inequalities_sets",
          "equations",
          "solution_lists",
          "text",
          "expressions",
          "guards",
          "responses");

  private GradingCorpus() {}

  /** Every case of every category. */
  static List<GradeFile.GradeCase> read() {
    List<GradeFile.GradeCase> cases = new ArrayList<>();
    for (String category : CATEGORIES) {
      cases.addAll(read(category));
    }
    return cases;
  }

  /** The cases of one category. */
  static List<GradeFile.GradeCase> read(String category) {
    String name = "corpus/" + category + ".jsonl";
    try (InputStream in = GradingCorpus.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the grading corpus has no " + name);
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      List<GradeFile.GradeCase> cases = GradeFile.readCases(Path.of(name), reader);
      for (GradeFile.GradeCase c : cases) {
        if (!category.equals(c.category())) {
          throw new IllegalStateException(name + " holds a case of category " + c.category());
        }
      }
      return cases;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
