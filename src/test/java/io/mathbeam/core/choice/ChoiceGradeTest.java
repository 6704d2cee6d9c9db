package io.mathbeam.core.choice;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import org.junit.Test;

public class ChoiceGradeTest {
  private final MultipleChoice original = new MultipleChoice(List.of("a", "b", "c", "d"), 2);

  @Test
  public void theGoldLetterIsCorrect() {
    assertEquals(
        new ChoiceGrade("C", GradeStatus.CORRECT), ChoiceGrade.grade("\\boxed{C}", original));
  }

  @Test
  public void anotherLetterIsIncorrect() {
    assertEquals(
        new ChoiceGrade("A", GradeStatus.INCORRECT), ChoiceGrade.grade("Answer: A", original));
  }

  @Test
  public void noPickOrAnOutOfRangeLetterIsNoAnswer() {
    ChoiceGrade none = ChoiceGrade.grade("I am not sure.", original);
    assertEquals(GradeStatus.NO_ANSWER, none.status());
    assertNull(none.letter());
    assertEquals(GradeStatus.NO_ANSWER, ChoiceGrade.grade("\\boxed{E}", original).status());
    assertEquals(GradeStatus.NO_ANSWER, ChoiceGrade.grade(null, original).status());
  }

  @Test
  public void gradesAgainstTheOrderTheModelWasShown() {
    MultipleChoice shown = original.shuffled(11L);
    String goldLetter = shown.goldLetter();
    assertEquals("c", shown.goldOption());
    assertEquals(GradeStatus.CORRECT, ChoiceGrade.grade("Answer: " + goldLetter, shown).status());
    assertEquals(GradeStatus.CORRECT, ChoiceGrade.grade("\\boxed{c}", shown).status());
    String otherLetter = goldLetter.equals("A") ? "B" : "A";
    assertEquals(
        GradeStatus.INCORRECT, ChoiceGrade.grade("Answer: " + otherLetter, shown).status());
  }
}
