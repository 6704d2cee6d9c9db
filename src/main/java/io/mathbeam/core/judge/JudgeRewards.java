package io.mathbeam.core.judge;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.JudgeVerdict;
import java.util.List;

/**
 * The four readings of one sample that a run with a judge reports side by side: correct by the
 * symbolic grader, by the judge, by both, by either.
 *
 * <p>In cascade mode a symbolic positive is never sent to the judge; it counts as judge-correct
 * too, since trusting it is what the cascade means. In {@code all} mode only the judge's own
 * verdict counts. A sample the judge did not decide (malformed reply, failed request, not sent) is
 * not judge-correct.
 */
public record JudgeRewards(boolean symbolic, boolean judge) {
  /** The names of the four readings, in report order. */
  public static final List<String> NAMES =
      List.of("symbolic_correct", "judge_correct", "both_correct", "any_correct");

  /**
   * @param verdict null when the sample was not sent to the judge
   */
  public static JudgeRewards of(JudgeMode mode, GradeStatus symbolic, JudgeVerdict verdict) {
    boolean bySymbolic = symbolic == GradeStatus.CORRECT;
    boolean byJudge =
        verdict == null ? mode == JudgeMode.CASCADE && bySymbolic : verdict == JudgeVerdict.CORRECT;
    return new JudgeRewards(bySymbolic, byJudge);
  }

  /** The reading named {@code NAMES.get(index)}. */
  public boolean get(int index) {
    return switch (index) {
      case 0 -> symbolic;
      case 1 -> judge;
      case 2 -> symbolic && judge;
      case 3 -> symbolic || judge;
      default -> throw new IndexOutOfBoundsException(index);
    };
  }

  /** A decided judge verdict that differs from the symbolic grade. */
  public static boolean disagree(GradeStatus symbolic, JudgeVerdict verdict) {
    return verdict != null
        && verdict.decided()
        && (verdict == JudgeVerdict.CORRECT) != (symbolic == GradeStatus.CORRECT);
  }
}
