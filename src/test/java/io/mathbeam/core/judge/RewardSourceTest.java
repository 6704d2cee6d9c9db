package io.mathbeam.core.judge;

import static io.mathbeam.core.model.GradeStatus.CORRECT;
import static io.mathbeam.core.model.GradeStatus.INCORRECT;
import static io.mathbeam.core.model.GradeStatus.JUDGE_ERROR;
import static io.mathbeam.core.model.GradeStatus.UNPARSEABLE;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.JudgeVerdict;
import io.mathbeam.core.model.Judgment;
import org.junit.Test;

public class RewardSourceTest {
  private static final Judgment YES = Judgment.of("CORRECT", 5);
  private static final Judgment NO = Judgment.of("INCORRECT", 5);
  private static final Judgment GARBLED = Judgment.of("Maybe.", 5);
  private static final Judgment FAILED = Judgment.failed("timeout", 5);

  @Test
  public void symbolicRewardIgnoresTheJudge() {
    assertEquals(INCORRECT, RewardSource.SYMBOLIC.resolve(INCORRECT, YES));
    assertEquals(CORRECT, RewardSource.SYMBOLIC.resolve(CORRECT, NO));
  }

  @Test
  public void judgeRewardTakesADecidedVerdict() {
    assertEquals(CORRECT, RewardSource.JUDGE.resolve(UNPARSEABLE, YES));
    assertEquals(INCORRECT, RewardSource.JUDGE.resolve(CORRECT, NO));
    assertEquals(CORRECT, RewardSource.JUDGE.resolve(CORRECT, null));
  }

  @Test
  public void aFailedJudgeIsNeverAWrongAnswer() {
    for (RewardSource r : RewardSource.values()) {
      for (Judgment j : new Judgment[] {GARBLED, FAILED}) {
        for (GradeStatus s : new GradeStatus[] {INCORRECT, UNPARSEABLE}) {
          GradeStatus resolved = r.resolve(s, j);
          assertTrue(
              r + " " + s + " " + j.verdict() + " -> " + resolved,
              r == RewardSource.SYMBOLIC ? resolved == s : resolved != INCORRECT);
        }
      }
    }
    assertEquals(JUDGE_ERROR, RewardSource.JUDGE.resolve(INCORRECT, FAILED));
    assertEquals(JUDGE_ERROR, RewardSource.ANY.resolve(INCORRECT, GARBLED));
    assertEquals(UNPARSEABLE, RewardSource.ANY.resolve(UNPARSEABLE, GARBLED));
    assertEquals(CORRECT, RewardSource.ANY.resolve(CORRECT, FAILED));
  }

  @Test
  public void anyRewardIsCorrectWhenEitherGraderSaysSo() {
    assertEquals(CORRECT, RewardSource.ANY.resolve(INCORRECT, YES));
    assertEquals(CORRECT, RewardSource.ANY.resolve(CORRECT, NO));
    assertEquals(INCORRECT, RewardSource.ANY.resolve(UNPARSEABLE, NO));
  }

  @Test
  public void cascadeSendsOnlySymbolicNegativesWithAnAnswer() {
    assertFalse(JudgeMode.CASCADE.sends(CORRECT, "1"));
    assertTrue(JudgeMode.CASCADE.sends(INCORRECT, "1"));
    assertTrue(JudgeMode.CASCADE.sends(UNPARSEABLE, "x"));
    assertTrue(JudgeMode.CASCADE.sends(GradeStatus.GRADER_TIMEOUT, "x"));
    assertFalse(JudgeMode.CASCADE.sends(GradeStatus.NO_ANSWER, null));
    assertFalse(JudgeMode.CASCADE.sends(INCORRECT, " "));
    assertTrue(JudgeMode.ALL.sends(CORRECT, "1"));
    assertFalse(JudgeMode.ALL.sends(GradeStatus.REQUEST_ERROR, null));
    assertFalse(JudgeMode.OFF.sends(INCORRECT, "1"));
  }

  @Test
  public void fourReadingsFollowTheMode() {
    JudgeRewards trusted = JudgeRewards.of(JudgeMode.CASCADE, CORRECT, null);
    assertTrue(trusted.symbolic() && trusted.judge());
    JudgeRewards unasked = JudgeRewards.of(JudgeMode.ALL, CORRECT, null);
    assertFalse(unasked.judge());
    JudgeRewards rescued = JudgeRewards.of(JudgeMode.CASCADE, UNPARSEABLE, JudgeVerdict.CORRECT);
    assertEquals(
        "symbolic, judge, both, any",
        "false true false true",
        rescued.get(0) + " " + rescued.get(1) + " " + rescued.get(2) + " " + rescued.get(3));
    assertTrue(JudgeRewards.disagree(UNPARSEABLE, JudgeVerdict.CORRECT));
    assertFalse(JudgeRewards.disagree(INCORRECT, JudgeVerdict.MALFORMED));
    assertFalse(JudgeRewards.disagree(INCORRECT, null));
  }
}
