package io.mathbeam.core.judge;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.JudgeVerdict;
import io.mathbeam.core.model.Judgment;
import java.util.Locale;

/**
 * Which grade the headline metrics count ({@code --rewardFrom}): the symbolic grader's, the
 * judge's, or correct when either says so. A failed judgment never turns a sample into a wrong
 * answer: where the reward needs the judge and it failed, the sample is {@code judge_error}.
 */
public enum RewardSource {
  SYMBOLIC,
  JUDGE,
  ANY;

  /**
   * The final grade of a sample.
   *
   * @param judgment null when the sample was not sent to the judge; the symbolic grade stands
   */
  public GradeStatus resolve(GradeStatus symbolic, Judgment judgment) {
    if (judgment == null || this == SYMBOLIC) {
      return symbolic;
    }
    JudgeVerdict verdict = judgment.verdict();
    if (verdict.decided()) {
      boolean judgeCorrect = verdict == JudgeVerdict.CORRECT;
      boolean correct =
          this == JUDGE ? judgeCorrect : judgeCorrect || symbolic == GradeStatus.CORRECT;
      return correct ? GradeStatus.CORRECT : GradeStatus.INCORRECT;
    }
    if (this == ANY) {
      // either grade may make it correct; an undecided judge cannot confirm a symbolic negative
      return symbolic == GradeStatus.INCORRECT ? GradeStatus.JUDGE_ERROR : symbolic;
    }
    return GradeStatus.JUDGE_ERROR;
  }

  public static RewardSource parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(
          "--rewardFrom must be symbolic, judge or any, got '" + value + "'");
    }
  }

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
