package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

/** Decimal commas on both sides, and golds their dataset declares to be several values. */
public class ListGoldsTest {
  private static final Grader GRADER = new Grader();

  private static GradeStatus grade(String answer, List<String> golds) {
    return GRADER.gradeAnswer(answer, golds).status();
  }

  @Test
  public void anUndeclaredGoldWithADecimalCommaReadsAsTheNumberAndAsTheList() {
    assertEquals(GradeStatus.CORRECT, grade("3.5", List.of("3,5")));
    assertEquals(GradeStatus.CORRECT, grade("\\frac{7}{2}", List.of("3,5")));
    assertEquals(GradeStatus.CORRECT, grade("-\\frac{1}{2}", List.of("-0,5")));
    assertEquals(GradeStatus.CORRECT, grade("3, 5", List.of("3,5")));
    assertEquals(GradeStatus.INCORRECT, grade("35", List.of("3,5")));
    assertEquals(GradeStatus.INCORRECT, grade("3.05", List.of("3,5")));
    // three digits after the comma are thousands, on either side
    assertEquals(GradeStatus.CORRECT, grade("1000", List.of("1,000")));
    assertEquals(GradeStatus.INCORRECT, grade("1.0", List.of("1,000")));
    assertEquals(GradeStatus.INCORRECT, grade("2,500", List.of("2.5")));
  }

  @Test
  public void aDeclaredListIsTheListAlone() {
    List<String> olympiad = ListGolds.declared(List.of("1,3"), "Find all n.", true);
    assertEquals(List.of("1, 3"), olympiad);
    assertEquals(GradeStatus.INCORRECT, grade("1.3", olympiad));
    assertEquals(GradeStatus.CORRECT, grade("3, 1", olympiad));
    List<String> roots =
        ListGolds.declared(
            List.of("-2,1"), "Enter all the integer roots, separated by commas.", null);
    assertEquals(GradeStatus.INCORRECT, grade("-2.1", roots));
    assertEquals(GradeStatus.CORRECT, grade("1, -2", roots));
    // the field's text form, as a CSV cell gives it
    assertEquals(List.of("5, 15"), ListGolds.declared(List.of("5,15"), "", "True"));
  }

  @Test
  public void onlyGoldsADecimalCommaCouldExplainChange() {
    assertEquals(List.of("1,234"), ListGolds.declared(List.of("1,234"), null, true));
    assertEquals(List.of("1,-2"), ListGolds.declared(List.of("1,-2"), null, true));
    assertEquals(List.of("2,3,4"), ListGolds.declared(List.of("2,3,4"), null, true));
    assertEquals(List.of("3,5"), ListGolds.declared(List.of("3,5"), "Find x.", false));
    assertEquals(List.of("3,5"), ListGolds.declared(List.of("3,5"), null, null));
  }

  @Test
  public void readsTheWaysProblemsAskForSeveralValues() {
    assertTrue(ListGolds.asksForList("Enter all the solutions, separated by commas."));
    assertTrue(ListGolds.asksForList("Give your answer as a comma-separated list."));
    assertTrue(ListGolds.asksForList("Separate your answers with commas."));
    assertFalse(ListGolds.asksForList("Express your answer as a decimal."));
    assertFalse(ListGolds.asksForList(null));
  }
}
