package io.mathbeam.core.grading;

import io.mathbeam.core.model.GradeStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Grades a model's final answer against one or more gold answers.
 *
 * <p>Pipeline: {@link AnswerExtractor} (for whole responses) then {@link AnswerNormalizer}; equal
 * normalized strings are correct at once; otherwise both sides are parsed into expression trees and
 * compared by {@link Equivalence}. See {@code docs/GRADING.md} for the policies.
 *
 * <p>Statuses:
 *
 * <ul>
 *   <li>{@link GradeStatus#NO_ANSWER}: nothing was extracted.
 *   <li>{@link GradeStatus#CORRECT} / {@link GradeStatus#INCORRECT}: decided. Two answers in words
 *       are decided by text equality; words against mathematics is INCORRECT.
 *   <li>{@link GradeStatus#UNPARSEABLE}: the answer (or the gold) is written as mathematics but
 *       does not parse, and the normalized texts differ.
 *   <li>{@link GradeStatus#GRADER_TIMEOUT}: the time budget or a size limit (length, nesting, huge
 *       powers or factorials, values beyond double range) stopped the comparison.
 *   <li>{@link GradeStatus#GRADER_ERROR}: an unexpected exception inside the grader, or no gold.
 * </ul>
 *
 * <p>Several gold answers: any CORRECT wins; otherwise INCORRECT only when every gold was decided
 * INCORRECT; otherwise the worst undecided status (GRADER_ERROR, then GRADER_TIMEOUT, then
 * UNPARSEABLE).
 *
 * <p>The time budget covers one {@link #grade} / {@link #gradeAnswer} call, all gold answers
 * included. Immutable and thread-safe.
 */
public final class Grader {
  /** Stamped into every output that carries grades; bumped whenever a grade can change. */
  public static final String VERSION = "mathbeam-grader/2";

  public static final long DEFAULT_BUDGET_MILLIS = 200;

  private final long budgetNanos;

  public Grader() {
    this(Duration.ofMillis(DEFAULT_BUDGET_MILLIS));
  }

  /** A grader whose every call gives up after {@code budget} (GRADER_TIMEOUT). */
  public Grader(Duration budget) {
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive, got " + budget);
    }
    this.budgetNanos = budget.toNanos();
    // Loads the parser and evaluator classes now, so the first real comparison is not charged
    // for class loading and regex compilation.
    new AnswerComparison("\\frac{1}{2}+x")
        .against("0.5+x", Deadline.after(Duration.ofSeconds(10).toNanos()));
  }

  /** The budget of one call. */
  public Duration budget() {
    return Duration.ofNanos(budgetNanos);
  }

  /** Extracts the final answer from a whole model response and grades it. */
  public GradeResult grade(String response, List<String> goldAnswers) {
    long start = System.nanoTime();
    String extracted = null;
    try {
      extracted = AnswerExtractor.extract(response);
      List<String> golds = prepareGolds(goldAnswers);
      if (isChoice(golds) && response != null) {
        String letter = ChoiceLetters.fromAnswer(extracted);
        if (letter == null && !AnswerExtractor.hasBoxed(response)) {
          letter = AnswerExtractor.extractChoice(response);
        }
        if (letter != null) {
          extracted = letter;
        }
      }
      return gradePrepared(extracted, golds, start);
    } catch (RuntimeException | StackOverflowError e) {
      return new GradeResult(extracted, GradeStatus.GRADER_ERROR, micros(start));
    }
  }

  /** Grades an answer that was already extracted (no extraction step). */
  public GradeResult gradeAnswer(String extractedAnswer, List<String> golds) {
    long start = System.nanoTime();
    try {
      List<String> prepared = prepareGolds(golds);
      String answer = extractedAnswer;
      if (answer != null && isChoice(prepared)) {
        String letter = ChoiceLetters.fromAnswer(answer);
        answer = letter != null ? letter : answer;
      }
      return gradePrepared(answer, prepared, start);
    } catch (RuntimeException | StackOverflowError e) {
      return new GradeResult(extractedAnswer, GradeStatus.GRADER_ERROR, micros(start));
    }
  }

  private GradeResult gradePrepared(String answer, List<String> golds, long start) {
    if (answer == null || answer.isBlank()) {
      return new GradeResult(answer, GradeStatus.NO_ANSWER, micros(start));
    }
    if (golds.contains(answer.strip())) {
      return new GradeResult(answer, GradeStatus.CORRECT, micros(start));
    }
    Deadline deadline = Deadline.at(start + budgetNanos);
    AnswerComparison comparison = new AnswerComparison(answer);
    GradeStatus combined = null;
    for (String gold : golds) {
      GradeStatus status = comparison.against(gold, deadline);
      if (status == GradeStatus.NO_ANSWER) {
        return new GradeResult(answer, status, micros(start));
      }
      combined = combined == null ? status : combine(combined, status);
      if (combined == GradeStatus.CORRECT) {
        break;
      }
    }
    return new GradeResult(answer, combined, micros(start));
  }

  /**
   * Combines the outcomes of two gold answers: CORRECT wins, INCORRECT needs both INCORRECT, else
   * the worse undecided status.
   */
  static GradeStatus combine(GradeStatus a, GradeStatus b) {
    if (a == GradeStatus.CORRECT || b == GradeStatus.CORRECT) {
      return GradeStatus.CORRECT;
    }
    return severity(a) >= severity(b) ? a : b;
  }

  private static int severity(GradeStatus s) {
    return switch (s) {
      case INCORRECT -> 0;
      case UNPARSEABLE -> 1;
      case GRADER_TIMEOUT -> 2;
      default -> 3;
    };
  }

  private static List<String> prepareGolds(List<String> golds) {
    if (golds == null || golds.isEmpty()) {
      throw new IllegalArgumentException("no gold answers");
    }
    List<String> prepared = new ArrayList<>(golds.size());
    for (String gold : golds) {
      if (gold == null) {
        continue;
      }
      String g = AnswerExtractor.goldAnswer(gold);
      if (g.isBlank()) {
        continue;
      }
      String letter = ChoiceLetters.fromGold(g);
      prepared.add(letter != null ? letter : g);
    }
    if (prepared.isEmpty()) {
      throw new IllegalArgumentException("no gold answers");
    }
    return prepared;
  }

  private static boolean isChoice(List<String> golds) {
    for (String g : golds) {
      if (g.length() == 1 && g.charAt(0) >= 'A' && g.charAt(0) <= 'Z') {
        return true;
      }
    }
    return false;
  }

  private static long micros(long startNanos) {
    return (System.nanoTime() - startNanos) / 1000;
  }
}
