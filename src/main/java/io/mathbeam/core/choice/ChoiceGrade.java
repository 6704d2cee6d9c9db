package io.mathbeam.core.choice;

import io.mathbeam.core.model.GradeStatus;
import java.io.Serializable;
import java.util.Objects;

/**
 * The grade of one response to a multiple-choice problem.
 *
 * @param letter the letter the response picked, or null when it picked none
 * @param status CORRECT, INCORRECT or NO_ANSWER
 */
public record ChoiceGrade(String letter, GradeStatus status) implements Serializable {
  public ChoiceGrade {
    Objects.requireNonNull(status, "status");
  }

  /**
   * Grades {@code response} against the options as {@code shown} to the model (after any
   * shuffling): CORRECT for the gold letter, INCORRECT for another letter, NO_ANSWER for none.
   */
  public static ChoiceGrade grade(String response, MultipleChoice shown) {
    String letter = ChoiceAnswer.extractLetter(response, shown.options());
    if (letter == null) {
      return new ChoiceGrade(null, GradeStatus.NO_ANSWER);
    }
    return new ChoiceGrade(
        letter, letter.equals(shown.goldLetter()) ? GradeStatus.CORRECT : GradeStatus.INCORRECT);
  }
}
