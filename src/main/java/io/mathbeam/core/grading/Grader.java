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
 *   <li>{@link GradeStatus#GRADER_TIMEOUT}: the work budget or a size limit (length, nesting, huge
 *       powers or factorials, values beyond double range) stopped the comparison.
 *   <li>{@link GradeStatus#GRADER_ERROR}: an unexpected exception inside the grader, or no gold.
 * </ul>
 *
 * <p>Several gold answers: any CORRECT wins; otherwise INCORRECT only when every gold was decided
 * INCORRECT; otherwise the worst undecided status (GRADER_ERROR, then GRADER_TIMEOUT, then
 * UNPARSEABLE).
 *
 * <p>The work budget ({@link WorkBudget}) covers one {@link #grade} / {@link #gradeAnswer} call,
 * all gold answers included. It counts operations, not time, so a grade is the same on every
 * machine and under any load. A wall-clock guard ({@link #DEFAULT_WALL_GUARD}) stays behind it only
 * against pathological inputs the count underestimates: it is the one path on which timing can
 * change a grade, and the default budget ends long before it on every benchmark. Immutable and
 * thread-safe.
 */
public final class Grader {
  /**
   * Stamped into every output that carries grades; bumped whenever a grade can change. Computed,
   * not a compile-time constant: an incremental build would otherwise leave the old text inlined in
   * every class that reads it and was not recompiled, and label new grades with it.
   */
  public static final String VERSION = "mathbeam-grader/".concat("6");

  /**
   * Work units of one call. The most expensive decided case of the grader tests ({@code
   * \\frac{1}{2004!}} against {@code \\frac{1}{2006!}}) takes 37,243 units, the most expensive
   * development case 2,708; a million units take at most about 100 ms on the development machine.
   * See docs/GRADING.md.
   */
  public static final long DEFAULT_WORK_BUDGET = 1_000_000;

  /** The last-resort wall-clock limit of one call; never reached by the default work budget. */
  public static final Duration DEFAULT_WALL_GUARD = Duration.ofSeconds(10);

  private final long workBudget;
  private final long wallGuardNanos;

  public Grader() {
    this(DEFAULT_WORK_BUDGET);
  }

  /** A grader whose every call gives up (GRADER_TIMEOUT) after {@code workBudget} work units. */
  public Grader(long workBudget) {
    this(workBudget, DEFAULT_WALL_GUARD);
  }

  private Grader(long workBudget, Duration wallGuard) {
    if (workBudget < 1) {
      throw new IllegalArgumentException("work budget must be positive, got " + workBudget);
    }
    if (wallGuard.isNegative() || wallGuard.isZero()) {
      throw new IllegalArgumentException("wall guard must be positive, got " + wallGuard);
    }
    this.workBudget = workBudget;
    this.wallGuardNanos = wallGuard.toNanos();
    // Loads the parser and evaluator classes now, so that the first real call does not spend
    // its wall guard on class loading and regex compilation.
    new AnswerComparison("\\frac{1}{2}+x")
        .against("0.5+x", new WorkBudget(DEFAULT_WORK_BUDGET, DEFAULT_WALL_GUARD.toNanos()));
  }

  /**
   * A copy with another wall-clock guard (tests: a tiny guard shows that a tripped guard is a
   * GRADER_TIMEOUT too).
   */
  public Grader withWallGuard(Duration wallGuard) {
    return new Grader(workBudget, wallGuard);
  }

  /** The work units of one call. */
  public long workBudget() {
    return workBudget;
  }

  /** The wall-clock guard of one call. */
  public Duration wallGuard() {
    return Duration.ofNanos(wallGuardNanos);
  }

  /** A fresh budget for one call. */
  WorkBudget newBudget() {
    return new WorkBudget(workBudget, wallGuardNanos);
  }

  /** Extracts the final answer from a whole model response and grades it. */
  public GradeResult grade(String response, List<String> goldAnswers) {
    return grade(response, goldAnswers, newBudget());
  }

  /** As {@link #grade(String, List)}, charging {@code budget} (tests read what it used). */
  GradeResult grade(String response, List<String> goldAnswers, WorkBudget budget) {
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
      GradeResult result = gradePrepared(extracted, golds, budget, start);
      if (result.status() == GradeStatus.INCORRECT && response != null) {
        GradeResult parts = gradeBoxedParts(response, extracted, golds, budget, start);
        return parts != null ? parts : result;
      }
      return result;
    } catch (RuntimeException | StackOverflowError e) {
      return new GradeResult(extracted, GradeStatus.GRADER_ERROR, micros(start));
    }
  }

  /**
   * A multi-part problem whose parts the response boxed one by one ({@code (1) \boxed{4} ... (2)
   * \boxed{9}}) against a gold listing the parts ({@code 4, 9}): the last boxes, as many as the
   * gold has parts, graded as one list. Null when that does not make it correct.
   */
  private GradeResult gradeBoxedParts(
      String response, String extracted, List<String> golds, WorkBudget budget, long start) {
    for (String gold : golds) {
      int parts = TopLevel.parts(gold);
      if (parts < 2) {
        continue;
      }
      List<String> boxes = Boxes.exactly(response, parts);
      if (boxes == null) {
        continue;
      }
      String joined = String.join(", ", boxes);
      if (joined.equals(extracted)) {
        continue;
      }
      GradeResult result = gradePrepared(joined, List.of(gold), budget, start);
      if (result.correct()) {
        return result;
      }
    }
    return null;
  }

  /** Grades an answer that was already extracted (no extraction step). */
  public GradeResult gradeAnswer(String extractedAnswer, List<String> golds) {
    return gradeAnswer(extractedAnswer, golds, newBudget());
  }

  /** As {@link #gradeAnswer(String, List)}, charging {@code budget}. */
  GradeResult gradeAnswer(String extractedAnswer, List<String> golds, WorkBudget budget) {
    long start = System.nanoTime();
    try {
      List<String> prepared = prepareGolds(golds);
      String answer = extractedAnswer;
      if (answer != null && isChoice(prepared)) {
        String letter = ChoiceLetters.fromAnswer(answer);
        answer = letter != null ? letter : answer;
      }
      return gradePrepared(answer, prepared, budget, start);
    } catch (RuntimeException | StackOverflowError e) {
      return new GradeResult(extractedAnswer, GradeStatus.GRADER_ERROR, micros(start));
    }
  }

  private GradeResult gradePrepared(
      String answer, List<String> golds, WorkBudget budget, long start) {
    if (answer == null || answer.isBlank()) {
      return new GradeResult(answer, GradeStatus.NO_ANSWER, micros(start));
    }
    if (golds.contains(answer.strip())) {
      return new GradeResult(answer, GradeStatus.CORRECT, micros(start));
    }
    AnswerComparison comparison = new AnswerComparison(answer);
    GradeStatus combined = null;
    for (String gold : golds) {
      GradeStatus status = comparison.against(gold, budget);
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
