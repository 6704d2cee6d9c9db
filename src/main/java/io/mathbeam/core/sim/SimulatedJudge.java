package io.mathbeam.core.sim;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import java.util.List;
import java.util.Optional;

/**
 * The simulated judge model: answers a grading prompt ({@link JudgeQuestion}) with a one-word
 * verdict decided by the symbolic grader, bent by {@link JudgeBehavior}. Pure: the reply depends
 * only on the prompt text (not on sampling parameters or seeds) and the choice index.
 *
 * <p>Verdict labels (the request log's {@code verdicts}): {@code correct} and {@code incorrect}
 * agree with the grader, {@code lenient} is CORRECT for an answer the grader did not accept, and
 * {@code malformed} names no single verdict.
 */
final class SimulatedJudge {
  static final String CORRECT = "correct";
  static final String INCORRECT = "incorrect";
  static final String LENIENT = "lenient";
  static final String MALFORMED = "malformed";

  private static final List<String> MALFORMED_REPLIES =
      List.of("", "I cannot tell.", "CORRECT or INCORRECT?", "Maybe.");
  private static final String THINKING =
      "<think>Comparing the candidate's final answer with the reference answer.</think>\n";

  private final JudgeBehavior behavior;
  // The grader's budget counts work, not time, so the same request always gets the same verdict.
  private final Grader grader = new Grader();

  SimulatedJudge(JudgeBehavior behavior) {
    this.behavior = behavior;
  }

  /** The judge's reply to {@code prompt}, choice {@code index}, cut to {@code cap} tokens. */
  SimulatedModel.Choice reply(String prompt, int index, int cap, List<String> stops) {
    // Stripped, so that a prompt sent as a chat message (whose lookup text ends with a newline)
    // and as a completions prompt gets the same reply.
    long key = StableHash.combine(StableHash.of(prompt.strip(), 0x1d6eL), index);
    Optional<JudgeQuestion> question = JudgeQuestion.find(prompt);
    String verdict;
    if (question.isEmpty() || unit(key, 1) < behavior.malformedRate()) {
      verdict = MALFORMED;
    } else {
      JudgeQuestion q = question.get();
      boolean equivalent =
          grader.gradeAnswer(q.answer(), q.golds()).status() == GradeStatus.CORRECT;
      if (equivalent) {
        verdict = CORRECT;
      } else {
        verdict = unit(key, 2) < behavior.lenientRate() ? LENIENT : INCORRECT;
      }
    }
    String text = surface(verdict, key);
    SimulatedModel.Ending end = SimulatedModel.end(text, cap, stops);
    return new SimulatedModel.Choice(
        end.text(),
        -1,
        end.completionTokens(),
        end.finishReason(),
        end.stopReason(),
        null,
        verdict);
  }

  private static String surface(String verdict, long key) {
    if (verdict.equals(MALFORMED)) {
      return MALFORMED_REPLIES.get((int) Math.floorMod(StableHash.mix(key ^ 5), 4L));
    }
    int form = (int) Math.floorMod(StableHash.mix(key ^ 3), 5L);
    boolean correct = !verdict.equals(INCORRECT);
    String word = correct ? "CORRECT" : "INCORRECT";
    switch (form) {
      case 0:
        return word;
      case 1:
        return correct ? "Correct." : "Incorrect.";
      case 2:
        return "**" + word + "**";
      case 3:
        return "Verdict: " + word;
      default:
        return THINKING + word;
    }
  }

  private static double unit(long key, long salt) {
    return (StableHash.mix(key + salt * 0x9e3779b97f4a7c15L) >>> 11) * 0x1.0p-53;
  }
}
