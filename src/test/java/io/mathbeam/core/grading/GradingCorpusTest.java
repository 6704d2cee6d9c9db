package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.Test;

/**
 * The built-in corpus ({@link GradingCorpus}): every category at or above its floor and no
 * incorrect answer graded correct. The disagreements left are listed in docs/GRADING.md.
 */
public class GradingCorpusTest {
  /** Measured 99.4% over all 2,062 cases; the weakest category (equations) at 96.9%. */
  private static final double CATEGORY_FLOOR = 0.95;

  private static final double TOTAL_FLOOR = 0.99;

  private final Grader grader = new Grader();

  @Test
  public void everyCategoryIsReadWithItsCases() {
    for (String category : GradingCorpus.CATEGORIES) {
      List<GradeFile.GradeCase> cases = GradingCorpus.read(category);
      assertTrue(category + " has " + cases.size() + " cases", cases.size() >= 100);
      assertTrue(
          category + " has negatives",
          cases.stream().filter(c -> Boolean.FALSE.equals(c.expected())).count()
              >= cases.size() / 4);
    }
    assertTrue(GradingCorpus.read().size() >= 1000);
  }

  @Test
  public void everyCategoryAgreesAboveItsFloorWithNoFalsePositive() {
    long cases = 0;
    long agreements = 0;
    List<String> falsePositives = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (String category : GradingCorpus.CATEGORIES) {
      long agree = 0;
      List<GradeFile.GradeCase> list = GradingCorpus.read(category);
      for (GradeFile.GradeCase c : list) {
        boolean correct = c.gradeWith(grader).correct();
        if (correct == c.expected()) {
          agree++;
        } else {
          String line =
              category + ": " + c.golds() + " vs " + c.pred() + " expected " + c.expected();
          System.out.println("  disagree: " + line);
          if (correct) {
            falsePositives.add(line);
          }
        }
      }
      double fraction = (double) agree / list.size();
      System.out.printf(
          Locale.ROOT, "%-18s %d/%d (%.1f%%)%n", category, agree, list.size(), 100 * fraction);
      if (fraction < CATEGORY_FLOOR) {
        failures.add(category + " at " + fraction);
      }
      cases += list.size();
      agreements += agree;
    }
    assertEquals(String.join("\n", falsePositives), 0, falsePositives.size());
    assertTrue(String.join("\n", failures), failures.isEmpty());
    assertTrue(agreements + "/" + cases, agreements >= TOTAL_FLOOR * cases);
  }

  @Test
  public void benchGradeReportsEachCategory() throws Exception {
    GradeBenchmark.Report report = GradeBenchmark.runCorpus(grader, 0, 1, 1);
    assertEquals(GradingCorpus.CATEGORIES.size(), report.categories().size());
    assertEquals(
        GradingCorpus.CATEGORIES,
        report.categories().stream().map(GradeBenchmark.CategoryAgreement::category).toList());
    assertEquals(0, report.falsePositives());
    assertTrue(report.format(), report.format().contains("solution_lists"));
  }
}
